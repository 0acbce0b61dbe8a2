import { useState } from "react";
import { PageSpinner } from "../components/spinner";
import { type TabItem, Tabs } from "../components/tabs";
import { EarningsCalendar } from "../components/wallet/earnings-calendar";
import { PaymentHistory } from "../components/wallet/payment-history";
import { PayoutRequestCard } from "../components/wallet/payout-request-card";
import { defaultSelection } from "../components/wallet/report-dates";
import { WalletOverview } from "../components/wallet/wallet-overview";
import { useEarningRules } from "../queries/earning-rules";
import { inFlightRequest, usePayoutRequests, useWalletData } from "../queries/wallet";

/** /wallet (signed-in; the route guard sends visitors to /): balances, earnings calendar, payments. */
function WalletPage() {
  // Loaded here rather than in the tabs, so switching tabs neither refetches nor restarts the 60 s poll.
  const { wallet, payments, loaded } = useWalletData();
  // The request on its way, for the Total Balance card's payout line (the request card reads the same query).
  const payoutRequests = usePayoutRequests();
  // Undefined until the server states them: the rule lines wait for them, the balances and the list do not.
  const rules = useEarningRules();
  const [selection, setSelection] = useState(() => defaultSelection());

  const tabs: TabItem[] = [
    {
      id: "overview",
      label: "Overview",
      panel: loaded ? (
        <div className="space-y-6">
          <PayoutRequestCard />
          <WalletOverview
            wallet={wallet}
            rules={rules}
            payoutRequest={inFlightRequest(payoutRequests.data?.requests)}
            minimumReleased={payoutRequests.data?.minimum_released}
          />
        </div>
      ) : (
        <PageSpinner />
      ),
    },
    {
      id: "calendar",
      label: "Earnings Calendar",
      panel: <EarningsCalendar selection={selection} onSelectionChange={setSelection} rules={rules} />,
    },
    {
      id: "payments",
      label: "Payment History",
      panel: loaded ? <PaymentHistory payments={payments} /> : <PageSpinner />,
    },
  ];

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Wallet</h1>
      <Tabs label="Wallet sections" tabs={tabs} />
    </div>
  );
}

export { WalletPage as Component };
