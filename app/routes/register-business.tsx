import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { BusinessFields } from "~/components/business-fields";
import { Icon } from "~/components/icon";
import { ThemeToggle } from "~/components/theme-toggle";
import { Button, buttonClass } from "~/components/ui/button";
import { FormError, Honeypot, InputField } from "~/components/ui/field";
import { registerBusinessAccount } from "~/domain/businesses/businesses.server";
import { assertNotBot, HONEYPOT_FIELD, readForm, redirectIntoSession, replyWithError } from "~/utils/forms.server";
import { PHONE_PLACEHOLDER } from "~/utils/misc";
import { requesterOf } from "~/utils/requester.server";
import { getUser } from "~/utils/session.server";
import { useValidatedForm } from "~/utils/use-lazy-validation";
import { PublicBusinessRegistrationSchema, parseWithZod, upperCaseUen } from "~/validation/forms.server";

export const meta: MetaFunction = () => [
  { title: "Register Your Business | Warm Intros" },
  { name: "description", content: "Register your business on Warm Intros and receive warm referrals from trusted connectors." },
];

export async function loader({ context }: LoaderFunctionArgs) {
  if (await getUser(context)) throw redirect("/");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = upperCaseUen(await readForm(request));
  const submission = parseWithZod(formData, { schema: PublicBusinessRegistrationSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  try {
    assertNotBot(formData.get(HONEYPOT_FIELD));
    const user = await registerBusinessAccount(context.db(), submission.value, requesterOf(request, context));
    return redirectIntoSession(request, context, user.id, "/business/profile", { title: "Business registered" });
  } catch (error) {
    return replyWithError(submission, error, request, context, { toastTitle: "Registration failed", hideFields: ["password"] });
  }
}

export default function RegisterBusiness() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const { form, fields, formProps } = useValidatedForm("publicBusiness", {
    id: "register-business",
    lastResult: actionData?.result,
    defaultValue: { accountType: "company" },
  });
  return (
    <main className="mx-auto w-full max-w-3xl p-4 md:p-8">
      <div className="mb-6 flex items-center justify-between gap-2">
        <Link to="/login" className={buttonClass("ghost", "sm")}>
          <Icon name="arrow-left" className="h-4 w-4" />
          Back to Login
        </Link>
        <ThemeToggle />
      </div>
      <h1 className="text-2xl font-bold md:text-3xl">Register Your Business</h1>
      <p className="mt-1 text-muted-foreground">Create your account and business profile to start receiving warm referrals.</p>
      <Form method="post" className="mt-6 grid gap-8" {...getFormProps(form)} {...formProps}>
        <Honeypot />
        <FormError id={form.errorId} errors={form.errors} />
        <section className="grid gap-4 rounded-lg border bg-card p-4 md:p-6">
          <h2 className="text-lg font-semibold">Your account</h2>
          <div className="grid gap-4 md:grid-cols-2">
            <InputField
              label="Username"
              meta={fields.username}
              type="text"
              hint="Letters, digits and underscores"
              autoComplete="username"
            />
            <InputField
              label="Password"
              meta={fields.password}
              type="password"
              hint="At least 8 characters with upper and lower case letters and a digit"
              autoComplete="new-password"
            />
            <InputField label="Your Name" meta={fields.name} type="text" autoComplete="name" />
            <InputField label="Email" meta={fields.email} type="email" autoComplete="email" />
            <InputField label="Phone" meta={fields.phone} type="tel" autoComplete="tel" placeholder={PHONE_PLACEHOLDER} />
          </div>
        </section>
        <section className="grid gap-4 rounded-lg border bg-card p-4 md:p-6">
          <h2 className="text-lg font-semibold">Your business</h2>
          <BusinessFields fields={fields} />
        </section>
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? "Registering..." : "Register Business"}
        </Button>
      </Form>
    </main>
  );
}
