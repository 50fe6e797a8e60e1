import { Form, Link } from "@remix-run/react";
import { ReauthenticationCard } from "~/components/admin-console";
import { PagedRows } from "~/components/list-controls";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { inputClass } from "~/components/ui/input-class";
import type { DisputeDto } from "~/domain/referrals/dispute-dto.server";
import { formatDate } from "~/utils/dates";
import { cn } from "~/utils/misc";
import { useTimeZone } from "~/utils/time-zone";
import { DISPUTE_REASON_LABELS } from "~/validation/dispute-labels";

type Listed = DisputeDto & { referredPersonName?: string; businessName?: string; connectorName?: string };

/**
 * The admin dashboard's "Disputes" (issue 38, part 5; decision 194): the disputes a business
 * disagreed with or did not answer within its window, oldest first, each with Uphold and Dismiss
 * (a note both sides read). Plain POST forms: they work without JavaScript.
 */
export function AdminDisputes({
  disputes,
  page,
  pageSize,
}: {
  disputes: { items: Listed[]; total: number };
  page: number;
  pageSize: number;
}) {
  const tz = useTimeZone();
  return (
    <>
      <h2 className="text-lg font-semibold">Disputes</h2>
      <p className="text-sm text-muted-foreground">
        Disputes the business disagreed with, or did not answer within its response window. Upholding completes the referral with
        the claimed revenue; its commission follows.
      </p>
      <ReauthenticationCard />
      <PagedRows rows={disputes} page={page} pageSize={pageSize} empty="No disputes waiting for a decision">
        <ul className="grid gap-4" aria-label="Disputes awaiting a decision">
          {disputes.items.map((d) => (
            <li key={d.id}>
              <Card data-testid="admin-dispute">
                <CardHeader>
                  <CardTitle className="break-words text-base">
                    <Link to={`/referrals/${d.referralId}`} className="underline-offset-4 hover:underline">
                      Dispute #{d.id}: {d.referredPersonName}
                    </Link>
                  </CardTitle>
                  <p className="break-words text-sm text-muted-foreground">
                    {d.connectorName} disputes the {d.subject === "rejection" ? "rejection" : "revenue"} by {d.businessName} ·
                    opened {formatDate(d.createdAt, tz)}
                  </p>
                </CardHeader>
                <CardContent className="grid gap-3 text-sm">
                  <p>
                    <span className="font-medium">{DISPUTE_REASON_LABELS[d.reason]}</span>, claimed revenue {d.claimedCurrency}{" "}
                    {d.claimedRevenue}
                  </p>
                  <p className="whitespace-pre-line break-words [overflow-wrap:anywhere]">{d.note}</p>
                  <p className="text-muted-foreground">
                    {d.status === "business_disagreed"
                      ? `${d.businessName} disagreed${d.answerNote ? `: ${d.answerNote}` : "."}`
                      : `${d.businessName} did not answer by ${formatDate(d.answerDueAt, tz)}.`}
                  </p>
                  <Form method="post" action="/admin?index" className="grid gap-2">
                    <input type="hidden" name="disputeId" value={d.id} />
                    <input type="hidden" name="redirectTo" value="/admin?tab=disputes" />
                    <label htmlFor={`decision-note-${d.id}`} className="font-medium">
                      Decision note
                    </label>
                    <textarea id={`decision-note-${d.id}`} name="note" rows={2} required className={cn(inputClass, "h-auto")} />
                    <div className="flex flex-wrap gap-2">
                      <Button type="submit" name="intent" value="uphold">
                        Uphold
                      </Button>
                      <Button type="submit" name="intent" value="dismiss" variant="outline">
                        Dismiss
                      </Button>
                    </div>
                  </Form>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </PagedRows>
    </>
  );
}
