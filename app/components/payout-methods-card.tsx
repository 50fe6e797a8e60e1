import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { CurrencyOptions } from "~/components/ui/currency-options";
import { FormError, PlainInputField, PlainSelectField } from "~/components/ui/field";
import { PAYOUT_METHOD_KINDS, type PayoutMethodKind } from "~/domain/money/payout-method-details";
import type { PayoutMethodDto } from "~/domain/money/payout-methods.server";
import type { PayoutMethodCardResult } from "~/http/payout-method-form.server";
import { formatDateTime } from "~/utils/dates";
import { useTimeZone } from "~/utils/time-zone";
import { PAYOUT_METHOD_KIND_LABELS } from "~/validation/payout-method-kinds";

/** A method as the card shows it: the API's masked shape. */
export type PayoutMethodItem = Pick<PayoutMethodDto, "id" | "currency" | "kind" | "summary" | "isDefault" | "payoutsHeldUntil">;
export type { PayoutMethodCardResult };

const DEFAULT_CURRENCY: Partial<Record<PayoutMethodKind, string>> = { paynow: "SGD", duitnow: "MYR", upi: "USD" };

function Submit({
  intent,
  label,
  busyLabel,
  variant,
}: {
  intent: string;
  label: string;
  busyLabel: string;
  variant?: "outline" | "destructive";
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button type="submit" name="intent" value={intent} disabled={busy} variant={variant} className="w-full sm:w-auto">
      {busy ? busyLabel : label}
    </Button>
  );
}

/** The password (unless entered in the last 10 minutes) and the code (two-factor on) a change asks for. */
function Confirmation({
  prefix,
  passwordNeeded,
  twoFactor,
  errors,
}: {
  prefix: string;
  passwordNeeded: boolean;
  twoFactor: boolean;
  errors?: Record<string, string[]>;
}) {
  return (
    <>
      {passwordNeeded ? (
        <PlainInputField
          id={`${prefix}-password`}
          name="password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
          error={errors?.password?.[0]}
        />
      ) : null}
      {twoFactor ? (
        <PlainInputField
          id={`${prefix}-code`}
          name="code"
          label="Authentication code"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          maxLength={40}
          error={errors?.code?.[0]}
        />
      ) : null}
    </>
  );
}

/** The fields of one kind, named as the API's body names them. */
function KindFields({
  kind,
  values,
  errors,
}: {
  kind: PayoutMethodKind;
  values: Record<string, string>;
  errors: Record<string, string[]>;
}) {
  const text = (name: string, label: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <PlainInputField
      key={name}
      id={`payout-method-${name}`}
      name={name}
      label={label}
      defaultValue={values[name] ?? ""}
      error={errors[name]?.[0]}
      autoComplete="off"
      maxLength={100}
      {...extra}
    />
  );
  switch (kind) {
    case "bank_transfer":
      return (
        <>
          {text("bankName", "Bank name", { required: true })}
          {text("accountNumber", "Account number (or give the IBAN)", { inputMode: "numeric" })}
          {text("iban", "IBAN (where the country uses them)")}
          {text("swiftBic", "SWIFT/BIC (for transfers across borders)")}
          {text("country", "Country (2-letter code, e.g. SG)", { required: true, maxLength: 2 })}
        </>
      );
    case "paynow":
      return (
        <>
          <PlainSelectField
            id="payout-method-proxyType"
            name="proxyType"
            label="PayNow to"
            defaultValue={values.proxyType ?? "mobile"}
            error={errors.proxyType?.[0]}
          >
            <option value="mobile">Mobile number</option>
            <option value="uen">UEN (a business)</option>
          </PlainSelectField>
          {text("proxy", "Mobile number (+65) or UEN", { required: true, inputMode: "text", placeholder: "+65 9123 4567" })}
        </>
      );
    case "duitnow":
      return (
        <>
          <PlainSelectField
            id="payout-method-proxyType"
            name="proxyType"
            label="DuitNow ID type"
            defaultValue={values.proxyType ?? "mobile"}
            error={errors.proxyType?.[0]}
          >
            <option value="mobile">Mobile number</option>
            <option value="nric">MyKad number</option>
            <option value="business_registration">Business registration number</option>
            <option value="passport">Passport number</option>
          </PlainSelectField>
          {text("proxy", "DuitNow ID", { required: true })}
        </>
      );
    case "upi":
      return text("vpa", "UPI ID (name@bank)", { required: true });
    case "paypal":
    case "wise":
      return text("email", `${PAYOUT_METHOD_KIND_LABELS[kind]} email address`, { required: true, type: "email", maxLength: 254 });
  }
}

/**
 * Settings' "Payout methods" card (issue 38 part 1): the connector's methods, masked, with Make default
 * and Remove; below, the add form, kind first (a GET form, so it works without JavaScript), then its fields.
 */
export function PayoutMethodsCard({
  methods,
  addKind,
  passwordNeeded,
  twoFactor,
  result,
}: {
  methods: PayoutMethodItem[];
  addKind: PayoutMethodKind | null;
  passwordNeeded: boolean;
  twoFactor: boolean;
  result?: PayoutMethodCardResult;
}) {
  const timeZone = useTimeZone();
  const addResult = result?.intent === "payoutMethodAdd" ? result : undefined;
  const kind = (addResult?.values?.kind as PayoutMethodKind | undefined) ?? addKind;
  const values = addResult?.values ?? {};
  const errors = addResult?.errors ?? {};
  return (
    <Card id="payout-methods" className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Payout methods</CardTitle>
        <CardDescription>
          Where businesses pay what they owe you, one default per currency. Shown masked; only a business that pays you sees the
          whole details, when it pays. A new or changed method holds your payouts for 48 hours.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {methods.length === 0 ? (
          <p className="text-sm text-muted-foreground">No payout methods yet. Businesses cannot pay you until you add one.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Your payout methods">
            {methods.map((m) => {
              const rowResult = result && result.intent !== "payoutMethodAdd" && result.methodId === m.id ? result : undefined;
              return (
                <li key={m.id} data-testid="payout-method" className="grid gap-2 rounded-md border p-3 text-sm">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                    <span className="min-w-0 break-words font-medium">{m.summary}</span>
                    <span className="text-muted-foreground">
                      {m.currency} · {PAYOUT_METHOD_KIND_LABELS[m.kind]}
                      {m.isDefault ? " · Default" : ""}
                    </span>
                  </div>
                  {m.payoutsHeldUntil ? (
                    <p className="text-amber-700 dark:text-amber-300">
                      Payouts on hold until {formatDateTime(m.payoutsHeldUntil, timeZone)}
                    </p>
                  ) : null}
                  <FormError errors={rowResult?.errors?._form} />
                  <div className="flex flex-wrap items-end gap-2">
                    {m.isDefault ? null : (
                      <Form method="post" action="/settings#payout-methods" className="grid w-full gap-2 sm:w-auto">
                        <input type="hidden" name="methodId" value={m.id} />
                        <Confirmation
                          prefix={`default-${m.id}`}
                          passwordNeeded={passwordNeeded}
                          twoFactor={twoFactor}
                          errors={rowResult?.errors}
                        />
                        <Submit
                          intent="payoutMethodDefault"
                          label={`Make default for ${m.currency}`}
                          busyLabel="Saving..."
                          variant="outline"
                        />
                      </Form>
                    )}
                    <Form method="post" action="/settings#payout-methods" className="w-full sm:w-auto">
                      <input type="hidden" name="methodId" value={m.id} />
                      <Submit intent="payoutMethodRemove" label="Remove" busyLabel="Removing..." variant="outline" />
                    </Form>
                  </div>
                </li>
              );
            })}
          </ul>
        )}

        {kind ? (
          <Form method="post" action="/settings#payout-methods" className="grid gap-4" aria-label="Add a payout method">
            <h3 className="text-base font-semibold">{`Add a ${PAYOUT_METHOD_KIND_LABELS[kind]} method`}</h3>
            <input type="hidden" name="kind" value={kind} />
            <FormError errors={errors._form} />
            <div className="grid gap-4 sm:grid-cols-2">
              <PlainSelectField
                id="payout-method-currency"
                name="currency"
                label="Currency"
                defaultValue={values.currency ?? DEFAULT_CURRENCY[kind] ?? "SGD"}
                error={errors.currency?.[0]}
              >
                <CurrencyOptions />
              </PlainSelectField>
              <PlainInputField
                id="payout-method-accountHolder"
                name="accountHolder"
                label="Account holder"
                defaultValue={values.accountHolder ?? ""}
                error={errors.accountHolder?.[0]}
                autoComplete="name"
                required
                maxLength={100}
              />
              <KindFields kind={kind} values={values} errors={errors} />
            </div>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="makeDefault" defaultChecked={values.makeDefault === "on"} className="h-4 w-4" />
              Make this the default for its currency
            </label>
            <div className="grid gap-4 sm:grid-cols-2">
              <Confirmation prefix="add" passwordNeeded={passwordNeeded} twoFactor={twoFactor} errors={errors} />
            </div>
            <div className="flex flex-wrap gap-2">
              <Submit intent="payoutMethodAdd" label="Add payout method" busyLabel="Adding..." />
              <Link to="/settings#payout-methods" className={buttonClass("outline")}>
                Cancel
              </Link>
            </div>
          </Form>
        ) : (
          <Form method="get" action="/settings#payout-methods" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
            <PlainSelectField id="payout-method-kind" name="addMethod" label="Add a payout method" defaultValue="paynow">
              {PAYOUT_METHOD_KINDS.map((k) => (
                <option key={k} value={k}>
                  {PAYOUT_METHOD_KIND_LABELS[k]}
                </option>
              ))}
            </PlainSelectField>
            <Button type="submit" variant="outline" className="w-full sm:w-auto">
              Continue
            </Button>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
