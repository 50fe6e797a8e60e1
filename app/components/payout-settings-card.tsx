import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormError, InputField } from "~/components/ui/field";
import { formatMinor, minorToDecimalString } from "~/utils/money";
import { CURRENCIES, type Currency } from "../../db/enums";
import { Icon } from "./icon";

/** The form's id: the action answers `{ formId, result }` with it. */
export const PAYOUT_SETTINGS_FORM_ID = "payout-settings";

type Settings = { payoutTermsDays: number; minimums: Partial<Record<Currency, number>> };

/** "No minimum" or "SGD 50.00, USD 40.00": what connectors must reach before they may request a payout. */
export function minimumsText(minimums: Partial<Record<Currency, number>>) {
  const set = CURRENCIES.filter((c) => (minimums[c] ?? 0) > 0).map((c) => formatMinor(minimums[c] ?? 0, c));
  return set.length ? set.join(", ") : "no minimum";
}

/**
 * The business's payout minimums and terms on /business/payouts (issue 38 part 2, decision 191). A
 * plain POST with intent "payout-settings": it works without JavaScript.
 */
export function PayoutSettingsCard({
  settings,
  lastResult,
}: {
  settings: Settings;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "payout-settings";
  const [form, fields] = useForm<{ payoutTermsDays: string; minimums: Record<Currency, string> }>({
    id: PAYOUT_SETTINGS_FORM_ID,
    lastResult,
    defaultValue: {
      payoutTermsDays: String(settings.payoutTermsDays),
      minimums: Object.fromEntries(
        CURRENCIES.filter((c) => (settings.minimums[c] ?? 0) > 0).map((c) => [
          c,
          minorToDecimalString(settings.minimums[c] ?? 0, c),
        ]),
      ),
    },
    shouldRevalidate: "onBlur",
  });
  const minimums = fields.minimums.getFieldset();
  return (
    <Card data-testid="payout-settings">
      <CardHeader>
        <CardTitle className="text-base">Payout minimums and terms</CardTitle>
        <CardDescription>
          {`Connectors may request a payout once what is payable to them reaches your minimum for its currency (${minimumsText(settings.minimums)}). You pay a request within ${settings.payoutTermsDays} days.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="payout-settings" />
          <FormError id={form.errorId} errors={form.errors} />
          <InputField
            label="Payout terms (days to pay a request)"
            meta={fields.payoutTermsDays}
            type="number"
            inputMode="numeric"
            min={1}
            max={90}
            className="sm:max-w-xs"
          />
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Minimum payout per currency (empty: none)</legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
              {CURRENCIES.map((c) => (
                <InputField key={c} label={c} meta={minimums[c]} type="text" inputMode="decimal" autoComplete="off" />
              ))}
            </div>
          </fieldset>
          <Button type="submit" variant="outline" disabled={submitting} className="w-full sm:w-auto sm:justify-self-start">
            <Icon name="settings" className="h-4 w-4" />
            Save payout settings
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
