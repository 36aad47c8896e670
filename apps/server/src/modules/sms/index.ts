/** The SMS channel's public face: the sender interface, its two adapters and the sandbox routes. */
export { httpSmsSender, type HttpSmsOptions } from './http-sms-sender';
export { sandboxSmsRoutes } from './routes';
export { SmsDeliveryError, sandboxSmsSender, type SmsMessage, type SmsSender } from './sms-sender';
