/**
 * The referral fee as the share page shows it: a bare number ("10", "7.5") is a percentage and gets
 * its percent sign; anything else ("10%", "$500", "SGD 500 per client") is shown as the business wrote it.
 */
export function feeWithPercent(fee: string): string {
  const trimmed = fee.trim();
  return /^\d+(?:\.\d+)?$/.test(trimmed) ? `${trimmed}%` : trimmed;
}

export type ReferralInvite = {
  companyName: string;
  link: string;
  referralFee: string;
  contactPerson?: string | null;
};

/** The email a business sends to people who might refer customers to it (the share page). */
export function referralEmailTemplate({ companyName, link, referralFee, contactPerson }: ReferralInvite) {
  const fee = feeWithPercent(referralFee);
  const subject = `Refer customers to ${companyName} and earn ${fee}`;
  const body = [
    "Hi,",
    "",
    `${companyName} is looking for warm introductions to people and companies who could use our services.`,
    "",
    `If you know someone who would be a good fit, you can refer them through this link: ${link}`,
    "",
    `For every successful referral we pay a referral fee of ${fee}. You can follow each referral's progress on Warm Intros.`,
    "",
    "Thank you,",
    contactPerson?.trim() || companyName,
    ...(contactPerson?.trim() ? [companyName] : []),
  ].join("\n");
  return { subject, body, text: `Subject: ${subject}\n\n${body}` };
}

/** A `mailto:` link that opens the template in the user's email app (works without JavaScript). */
export function mailtoHref({ subject, body }: { subject: string; body: string }): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
