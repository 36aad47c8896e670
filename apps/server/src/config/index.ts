/**
 * The server's settings, one file per concern in this folder; this file is their only public
 * face (`import ... from '../config'`). load.ts reads the environment and assembles the Config.
 */
export { loadConfig } from './load';
export type { Config } from './types';
export { ConfigError } from './shared';
export { estimatedSecretBits, MIN_SECRET_BITS } from './secrets';
export type { TrustProxy } from './server';
export type { ExposureConfig } from './exposure';
export { sandboxChannelsOn, type SandboxChannels } from './sandbox';
export { SMS_TEMPLATES, type HttpSmsConfig, type SmsTemplateName } from './sms';
export type { DemoVendorConfig } from './vendor';
export type { UpiConfig, UpiHttpSettings } from './deposits-upi';
export { SANDBOX_USDT_XPUB, USDT_DEFAULTS, type UsdtConfig, type UsdtRateSourceConfig } from './usdt';
export type { PayoutConfig, PayoutHttpSettings } from './payouts';
export { WITHDRAWAL_DEFAULTS, type WithdrawalConfig } from './withdrawals';
export type { KycConfig, KycDocumentStoreConfig, KycS3Settings } from './kyc';
export type { SafetyConfig } from './safety';
export type { SupportConfig } from './support';
export type { CheckInConfig } from './promotions';
export { TRON_DEFAULTS, type TronApi, type TronConfig } from './tron';
