import { ComingSoon } from "../components/coming-soon";

function WalletPage() {
  return <ComingSoon title="Wallet" what="your balances, earnings calendar and payment history" />;
}

export { WalletPage as Component };
