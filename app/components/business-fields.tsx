import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Field, inputClass } from "~/components/ui/field";
import { cn, PHONE_PLACEHOLDER } from "~/utils/misc";

type BusinessFieldName =
  | "companyName"
  | "description"
  | "sector"
  | "nature"
  | "uen"
  | "address"
  | "website"
  | "referralFee"
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
      <Field label="Company Name" meta={fields.companyName}>
        <input {...getInputProps(fields.companyName, { type: "text" })} autoComplete="organization" className={inputClass} />
      </Field>
      <Field label="UEN" meta={fields.uen} hint="9-20 uppercase letters and digits">
        <input
          {...getInputProps(fields.uen, { type: "text" })}
          className={cn(inputClass, "uppercase")}
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
      </Field>
      <Field label="Website (optional)" meta={fields.website}>
        <input {...getInputProps(fields.website, { type: "url" })} className={inputClass} placeholder="https://example.com" />
      </Field>
      <Field label="Sector (optional)" meta={fields.sector}>
        <input {...getInputProps(fields.sector, { type: "text" })} className={inputClass} placeholder="e.g. Financial Services" />
      </Field>
      <Field label="Nature of Business (optional)" meta={fields.nature}>
        <input {...getInputProps(fields.nature, { type: "text" })} className={inputClass} placeholder="e.g. Wealth advisory" />
      </Field>
      <Field label="Description (optional)" meta={fields.description} className="md:col-span-2">
        <textarea {...getTextareaProps(fields.description)} rows={3} className={cn(inputClass, "h-auto")} />
      </Field>
      <Field label="Address" meta={fields.address} className="md:col-span-2">
        <input {...getInputProps(fields.address, { type: "text" })} autoComplete="street-address" className={inputClass} />
      </Field>
      <Field label="Referral Fee" meta={fields.referralFee} hint="What you pay for a successful referral, e.g. 5% or $500">
        <input {...getInputProps(fields.referralFee, { type: "text" })} className={inputClass} placeholder="5%" />
      </Field>
      <Field label="Contact Person" meta={fields.contactPerson}>
        <input {...getInputProps(fields.contactPerson, { type: "text" })} className={inputClass} />
      </Field>
      <Field label="Contact Phone" meta={fields.contactPhone}>
        <input {...getInputProps(fields.contactPhone, { type: "tel" })} className={inputClass} placeholder={PHONE_PLACEHOLDER} />
      </Field>
      <Field label="Contact Email" meta={fields.contactEmail}>
        <input {...getInputProps(fields.contactEmail, { type: "email" })} className={inputClass} />
      </Field>
      <Field label="Referral Terms" meta={fields.referralTerms} className="md:col-span-2">
        <textarea {...getTextareaProps(fields.referralTerms)} rows={3} className={cn(inputClass, "h-auto")} />
      </Field>
    </div>
  );
}
