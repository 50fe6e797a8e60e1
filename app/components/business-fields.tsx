import { type FieldMetadata, getCollectionProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Field, FieldErrors, InputField, inputClass } from "~/components/ui/field";
import { cn, PHONE_PLACEHOLDER } from "~/utils/misc";
import { CurrencyOptions } from "./ui/currency-options";

type BusinessFieldName =
  | "companyName"
  | "description"
  | "sector"
  | "nature"
  | "uen"
  | "address"
  | "website"
  | "feeKind"
  | "feePercentage"
  | "feeAmount"
  | "feeCurrency"
  | "referralTerms"
  | "contactPerson"
  | "contactPhone"
  | "contactEmail"
  | "accountType";

// biome-ignore lint/suspicious/noExplicitAny: any form whose schema includes the business fields
type Fields = Record<BusinessFieldName, FieldMetadata<any, any, string[]>>;

/** The business profile fields, shared by /register-business and the business form. */
export function BusinessFields({ fields }: { fields: Fields }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Field label="Business Type" meta={fields.accountType}>
        <select {...getSelectProps(fields.accountType)} className={inputClass}>
          <option value="company">Company</option>
          <option value="freelancer">Freelancer / Sole proprietor</option>
        </select>
      </Field>
      <InputField label="Company Name" meta={fields.companyName} type="text" autoComplete="organization" />
      <InputField
        label="UEN"
        meta={fields.uen}
        type="text"
        hint="9-20 uppercase letters and digits"
        inputClassName={cn(inputClass, "uppercase")}
        autoCapitalize="characters"
        spellCheck={false}
        onInput={(e) => {
          const el = e.currentTarget;
          const pos = el.selectionStart;
          el.value = el.value.toUpperCase();
          if (pos !== null) el.setSelectionRange(pos, pos);
        }}
        placeholder="201912345K"
      />
      <InputField label="Website (optional)" meta={fields.website} type="url" placeholder="https://example.com" />
      <InputField label="Sector (optional)" meta={fields.sector} type="text" placeholder="e.g. Financial Services" />
      <InputField label="Nature of Business (optional)" meta={fields.nature} type="text" placeholder="e.g. Wealth advisory" />
      <Field label="Description (optional)" meta={fields.description} className="md:col-span-2">
        <textarea {...getTextareaProps(fields.description)} rows={3} className={cn(inputClass, "h-auto")} />
      </Field>
      <InputField label="Address" meta={fields.address} type="text" className="md:col-span-2" autoComplete="street-address" />
      <FeeFields fields={fields} />
      <InputField label="Contact Person" meta={fields.contactPerson} type="text" />
      <InputField label="Contact Phone" meta={fields.contactPhone} type="tel" placeholder={PHONE_PLACEHOLDER} />
      <InputField label="Contact Email" meta={fields.contactEmail} type="email" />
      <Field label="Referral Terms" meta={fields.referralTerms} className="md:col-span-2">
        <textarea {...getTextareaProps(fields.referralTerms)} rows={3} className={cn(inputClass, "h-auto")} />
      </Field>
    </div>
  );
}

const FEE_KIND_LABELS = { percentage: "Percentage of the revenue", flat: "Flat amount" } as const;

/**
 * The referral fee as structured terms (issue 33, decision 119): a percentage of the revenue or a
 * flat amount in a currency. Every input shows without JavaScript; the server reads only the
 * figures of the chosen kind.
 */
function FeeFields({ fields }: { fields: Fields }) {
  return (
    <fieldset className="grid gap-3 rounded-md border p-3 md:col-span-2" aria-describedby={fields.feeKind.errorId}>
      <legend className="px-1 text-sm font-medium">Referral Fee</legend>
      <p className="text-xs text-muted-foreground">What you pay for a successful referral. Connectors see it as you state it.</p>
      <div className="flex flex-wrap gap-4">
        {getCollectionProps(fields.feeKind, { type: "radio", options: ["percentage", "flat"] }).map(({ key, ...props }) => (
          <label key={key} htmlFor={props.id} className="flex cursor-pointer items-center gap-2 text-sm">
            <input {...props} className="h-4 w-4 accent-primary" />
            {FEE_KIND_LABELS[props.value as keyof typeof FEE_KIND_LABELS]}
          </label>
        ))}
      </div>
      <FieldErrors id={fields.feeKind.errorId} errors={fields.feeKind.errors} />
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_7rem]">
        <Field label="Fee Percentage (%)" meta={fields.feePercentage} hint="With a percentage fee: 0.1 to 100, e.g. 12.5">
          <input
            {...getInputProps(fields.feePercentage, { type: "number" })}
            step="0.1"
            min="0.1"
            max="100"
            inputMode="decimal"
            placeholder="5"
            className={inputClass}
          />
        </Field>
        <Field label="Flat Fee Amount" meta={fields.feeAmount} hint="With a flat fee: paid on completion, whatever the revenue">
          <input
            {...getInputProps(fields.feeAmount, { type: "number" })}
            step="0.01"
            min="0.01"
            inputMode="decimal"
            placeholder="500"
            className={inputClass}
          />
        </Field>
        <Field label="Fee Currency" meta={fields.feeCurrency}>
          <select {...getSelectProps(fields.feeCurrency)} className={inputClass}>
            <option value="">—</option>
            <CurrencyOptions />
          </select>
        </Field>
      </div>
    </fieldset>
  );
}
