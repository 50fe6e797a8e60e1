import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { Icon } from "~/components/icon";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FormError, InputField } from "~/components/ui/field";
import { useValidatedForm } from "~/utils/use-lazy-validation";

type Referral = { referredPersonName: string; referredPersonEmail: string | null; referredPersonPhone: string | null };
export type CorrectionsResult = { intent?: unknown; message?: string; result?: SubmissionResult<string[]> };

/**
 * The connector's moves while the referred person has not answered (issue 33, part 3): correct the
 * email or phone, send the introduction again, or withdraw. Only the moves the loader's lifecycle
 * allows are shown; each is a plain form, so it works without JavaScript.
 */
export function ReferralCorrections({
  referral: r,
  moves,
  last,
}: {
  referral: Referral;
  /** The connector's moves now (the lifecycle's); this card offers the corrections among them. */
  moves: readonly string[];
  last?: CorrectionsResult;
}) {
  const busy = useNavigation().state !== "idle";
  const { form, fields, formProps } = useValidatedForm("referralCorrection", {
    id: "referral-correction",
    lastResult: last?.intent === "correct" ? last.result : undefined,
    defaultValue: { referredPersonEmail: r.referredPersonEmail ?? "", referredPersonPhone: r.referredPersonPhone ?? "" },
  });
  if (!moves.some((m) => m === "correct" || m === "resend" || m === "withdraw")) return null;
  const refusal = last?.message && (last.intent === "resend" || last.intent === "withdraw") ? last.message : null;
  return (
    <Card data-testid="referral-corrections">
      <CardHeader>
        <CardTitle className="text-base">Awaiting {r.referredPersonName}'s answer</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {moves.includes("correct") ? (
          <Form method="post" className="grid gap-4" {...getFormProps(form)} {...formProps}>
            <p className="text-sm text-muted-foreground">
              A typo in the email or phone? Correct it: a new introduction goes to the corrected details and the old link stops
              working.
            </p>
            <FormError id={form.errorId} errors={form.errors} />
            <div className="grid gap-4 sm:grid-cols-2">
              <InputField label="Email" meta={fields.referredPersonEmail} type="email" autoComplete="off" />
              <InputField label="Phone" meta={fields.referredPersonPhone} type="tel" autoComplete="off" />
            </div>
            <div>
              <Button type="submit" name="intent" value="correct" disabled={busy}>
                <Icon name="send" className="h-4 w-4" />
                Send to corrected details
              </Button>
            </div>
          </Form>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          {moves.includes("resend") ? (
            <Form method="post" preventScrollReset>
              <Button type="submit" name="intent" value="resend" variant="outline" size="sm" disabled={busy}>
                <Icon name="mail" className="h-4 w-4" />
                Resend introduction
              </Button>
            </Form>
          ) : null}
          {moves.includes("withdraw") ? (
            <ConfirmForm
              fields={{ intent: "withdraw" }}
              label="Withdraw referral"
              icon={<Icon name="x" className="h-4 w-4" />}
              title="Withdraw this referral?"
              description={`It closes as withdrawn and ${r.referredPersonName}'s email and phone are erased. The introduction link stops working.`}
              confirmLabel="Withdraw referral"
            />
          ) : null}
        </div>
        {refusal ? (
          <p role="alert" className="text-sm text-destructive" data-testid="corrections-refusal">
            {refusal}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
