import { WalletOverview } from '../../features/wallet/wallet-overview';

/** Wallet (/wallet): balances, transfer to main wallet, links to recharge and history. */
export default function WalletRoute() {
  return <WalletOverview />;
}
