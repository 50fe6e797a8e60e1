import { LinkCell, RemindCell, Table, tdClass } from "~/components/admin-tables";
import type { OverdueReferral } from "~/domain/referrals/review-clock.server";
import { formatDate } from "~/utils/dates";
import { cn } from "~/utils/misc";
import { useTimeZone } from "~/utils/time-zone";

/**
 * The admin dashboard's "Overdue referrals" (issue 16, decision 058): referrals still pending a
 * second response window after their decision was due, oldest due first.
 */
export function OverdueReferralsTable({ items }: { items: OverdueReferral[] }) {
  const tz = useTimeZone();
  return (
    <Table label="Overdue referrals">
      <thead>
        <tr className="border-b bg-muted/50 text-left">
          {["Business", "Referred Person", "Referrer", "Decision Due", "Flagged", "Actions"].map((c) => (
            <th key={c} scope="col" className="px-3 py-2 font-medium">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((r) => (
          <tr key={r.id} className="border-b last:border-0" data-testid="overdue-referral">
            <LinkCell to={`/admin/businesses/${r.businessId}`}>{r.businessName}</LinkCell>
            <LinkCell to={`/referrals/${r.id}`}>{r.referredPersonName}</LinkCell>
            <td className={tdClass}>{r.connectorCompanyName || r.connectorName}</td>
            <td className={cn(tdClass, "whitespace-nowrap")}>{r.reviewDueAt ? formatDate(r.reviewDueAt, tz) : ""}</td>
            <td className={cn(tdClass, "whitespace-nowrap")}>{r.reviewFlaggedAt ? formatDate(r.reviewFlaggedAt, tz) : ""}</td>
            <RemindCell referralId={r.id} />
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
