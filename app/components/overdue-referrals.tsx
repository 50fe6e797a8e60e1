import { RemindButton, RowLink } from "~/components/admin-tables";
import { type CardColumn, CardTable } from "~/components/ui/data-table";
import type { OverdueReferral } from "~/domain/referrals/review-clock.server";
import { formatDate } from "~/utils/dates";

const COLUMNS: CardColumn<OverdueReferral>[] = [
  { label: "Business", cell: (r) => <RowLink to={`/admin/businesses/${r.businessId}`}>{r.businessName}</RowLink> },
  { label: "Referred Person", cell: (r) => <RowLink to={`/referrals/${r.id}`}>{r.referredPersonName}</RowLink> },
  { label: "Referrer", cell: (r) => r.connectorCompanyName || r.connectorName },
  {
    label: "Decision Due",
    className: "whitespace-nowrap",
    cell: (r, tz) => (r.reviewDueAt ? formatDate(r.reviewDueAt, tz) : ""),
  },
  {
    label: "Flagged",
    className: "whitespace-nowrap",
    cell: (r, tz) => (r.reviewFlaggedAt ? formatDate(r.reviewFlaggedAt, tz) : ""),
  },
  { label: "Actions", cell: (r) => <RemindButton referralId={r.id} /> },
];

/**
 * The admin dashboard's "Overdue referrals" (issue 16, decision 058): referrals still pending a
 * second response window after their decision was due, oldest due first.
 */
export function OverdueReferralsTable({ items }: { items: OverdueReferral[] }) {
  return (
    <CardTable
      label="Overdue referrals"
      columns={COLUMNS}
      rows={items}
      rowKey={(r) => r.id}
      rowProps={() => ({ "data-testid": "overdue-referral" })}
    />
  );
}
