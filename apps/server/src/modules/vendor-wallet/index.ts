/** The vendor wallet module's public face: the seamless wallet API vendors call, and its signature. */
export { vendorWalletRoutes, vendorWalletPath } from './routes';
export { createVendorWalletService, DEFAULT_VENDOR_WALLET_LIMITS, type VendorWalletLimits, type VendorWalletService } from './service';
export { signVendorCall, verifyVendorCall } from './signature';
export { OWNED_TABLES } from './tables';
export { hedgedVendorStakeMinor } from './wagering';
