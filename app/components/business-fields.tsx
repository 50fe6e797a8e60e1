import { type FieldMetadata, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Field, InputField, inputClass } from "~/components/ui/field";
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
      <InputField
        label="Referral Fee"
        meta={fields.referralFee}
        type="text"
        hint="What you pay for a successful referral, e.g. 5% or $500"
        placeholder="5%"
      />
      <InputField label="Contact Person" meta={fields.contactPerson} type="text" />
      <InputField label="Contact Phone" meta={fields.contactPhone} type="tel" placeholder={PHONE_PLACEHOLDER} />
      <InputField label="Contact Email" meta={fields.contactEmail} type="email" />
      <Field label="Referral Terms" meta={fields.referralTerms} className="md:col-span-2">
        <textarea {...getTextareaProps(fields.referralTerms)} rows={3} className={cn(inputClass, "h-auto")} />
      </Field>
    </div>
  );
}
