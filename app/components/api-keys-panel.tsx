import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { CopyButton } from "~/components/copy-button";
import { Icon } from "~/components/icon";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { CheckboxCards } from "~/components/ui/checkbox-cards";
import { CodeChips, type DataColumn, DataTable, RowError, StatusPill, tdClass as td } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FormError, InputField, inputClass } from "~/components/ui/field";
import { formatDate } from "~/utils/dates";
import { cn } from "~/utils/misc";
import { useTimeZone } from "~/utils/time-zone";
import { useValidatedForm } from "~/utils/use-lazy-validation";
import type { ApiScope } from "../../db/enums";

/** A key as the screens list it (the model's ApiKeyDto after JSON): never the key itself. */
export type ApiKeyRow = {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  createdByName: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** What the key actions of /business/api and /settings/api-keys answer (see api-key-form.server.ts). */
export type ApiKeyActionData =
  | { intent: "create-key"; result?: SubmissionResult<string[]>; created?: { key: string; apiKey: ApiKeyRow } }
  | { intent: "revoke-key"; keyId: number; error: string };

export type ScopeOption = { value: ApiScope; description: string };

export const NEW_KEY_WARNING = "Copy this key now. You won't be able to see it again.";

/** The part of a key a list shows, e.g. `wik_AbCdEfGh…`. */
export function maskedKey(prefix: string) {
  return `${prefix}…`;
}

/** Shown once, right after the key is made: the action's data holds it, a reload does not. */
function NewKeyPanel({ created, doneTo }: { created: { key: string; apiKey: ApiKeyRow }; doneTo: string }) {
  return (
    <div
      role="status"
      className="grid min-w-0 gap-3 rounded-lg border-2 border-primary bg-primary/5 p-4"
      data-testid="new-api-key"
    >
      <div className="flex items-start gap-2">
        <Icon name="key-round" className="mt-0.5 h-5 w-5 shrink-0 text-primary" />
        <div className="min-w-0">
          <p className="break-words font-semibold">API key “{created.apiKey.name}” created</p>
          <p className="text-sm font-medium">{NEW_KEY_WARNING}</p>
        </div>
      </div>
      <label htmlFor="new-api-key" className="sr-only">
        New API key
      </label>
      <input
        id="new-api-key"
        readOnly
        value={created.key}
        spellCheck={false}
        autoComplete="off"
        onFocus={(e) => e.currentTarget.select()}
        className={cn(inputClass, "font-mono text-xs sm:text-sm")}
      />
      <div className="flex flex-wrap gap-2">
        <CopyButton
          text={created.key}
          label="Copy Key"
          successTitle="API key copied"
          failureTitle="Failed to copy (select the key and copy it manually)"
        />
        <Link to={doneTo} preventScrollReset className={buttonClass("outline")}>
          Done
        </Link>
      </div>
    </div>
  );
}

function CreateKeyForm({
  action,
  scopeOptions,
  defaultScopes,
  lastResult,
}: {
  action: string;
  scopeOptions: ScopeOption[];
  defaultScopes: ApiScope[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create-key";
  const { form, fields, formProps } = useValidatedForm("apiKey", {
    id: "create-api-key",
    lastResult,
    defaultValue: { scopes: defaultScopes },
  });
  return (
    <Form method="post" action={action} preventScrollReset className="grid gap-4" {...getFormProps(form)} {...formProps}>
      <input type="hidden" name="intent" value="create-key" />
      <FormError id={form.errorId} errors={form.errors} />
      <InputField
        label="Name"
        meta={fields.name}
        type="text"
        hint="Say where the key is used, e.g. CRM sync"
        autoComplete="off"
        maxLength={60}
      />
      <CheckboxCards legend="Scopes" field={fields.scopes} options={scopeOptions} />
      <div>
        <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
          <Icon name="key-round" className="h-4 w-4" />
          {submitting ? "Creating..." : "Create Key"}
        </Button>
      </div>
    </Form>
  );
}

function KeyStatus({ revokedAt }: { revokedAt: string | null }) {
  const tz = useTimeZone();
  return revokedAt ? (
    <StatusPill tone="stopped">Revoked {formatDate(revokedAt, tz)}</StatusPill>
  ) : (
    <StatusPill tone="success">Active</StatusPill>
  );
}

const KEY_COLUMNS: DataColumn[] = [
  "Name",
  "Key",
  "Scopes",
  "Created by",
  "Created",
  "Last used",
  "Status",
  { label: "Actions", srOnly: true },
];

function KeysTable({
  action,
  keys,
  revokeError,
}: {
  action: string;
  keys: ApiKeyRow[];
  revokeError?: { keyId: number; error: string };
}) {
  const tz = useTimeZone();
  if (keys.length === 0) return <EmptyState>No API keys yet.</EmptyState>;
  return (
    <DataTable label="API keys" minWidth="min-w-[52rem]" columns={KEY_COLUMNS}>
      {keys.map((k) => (
        <tr key={k.id} data-testid="api-key-row" className={k.revokedAt ? "text-muted-foreground" : undefined}>
          <td className={cn(td, "max-w-[14rem] break-words font-medium")}>{k.name}</td>
          <td className={cn(td, "whitespace-nowrap font-mono text-xs")}>{maskedKey(k.prefix)}</td>
          <td className={td}>
            <CodeChips items={k.scopes} />
          </td>
          <td className={cn(td, "max-w-[10rem] break-words")}>{k.createdByName ?? "—"}</td>
          <td className={cn(td, "whitespace-nowrap")}>{formatDate(k.createdAt, tz)}</td>
          <td className={cn(td, "whitespace-nowrap")}>{k.lastUsedAt ? formatDate(k.lastUsedAt, tz) : "Never"}</td>
          <td className={cn(td, "whitespace-nowrap")}>
            <KeyStatus revokedAt={k.revokedAt} />
          </td>
          <td className={cn(td, "text-right")}>
            {k.revokedAt ? null : (
              <ConfirmForm
                action={action}
                fields={{ intent: "revoke-key", keyId: k.id }}
                label="Revoke"
                ariaLabel={`Revoke ${k.name}`}
                icon={<Icon name="ban" className="h-4 w-4" />}
                title={`Revoke ${k.name}?`}
                description="Requests with this key are refused from now on. This cannot be undone; make a new key if you need one."
                confirmLabel="Revoke Key"
              />
            )}
            {revokeError?.keyId === k.id ? <RowError>{revokeError.error}</RowError> : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * Create, list and revoke API keys: the business's keys on /business/api and one's personal keys on
 * /settings/api-keys. Every form posts to `action` and works without JavaScript.
 */
export function ApiKeysPanel({
  action,
  title = "API Keys",
  description,
  keys,
  scopeOptions,
  defaultScopes,
  actionData,
  createNotice,
}: {
  action: string;
  title?: string;
  description: React.ReactNode;
  keys: ApiKeyRow[];
  scopeOptions: ScopeOption[];
  defaultScopes: ApiScope[];
  actionData?: ApiKeyActionData;
  /** Shown instead of the create form when the user may not make keys here (e.g. no connector profile). */
  createNotice?: React.ReactNode;
}) {
  const created = actionData?.intent === "create-key" ? actionData.created : undefined;
  const createResult = actionData?.intent === "create-key" ? actionData.result : undefined;
  const revokeError = actionData?.intent === "revoke-key" ? actionData : undefined;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-6">
        {created ? <NewKeyPanel created={created} doneTo={action} /> : null}
        {createNotice ? (
          <div role="note" className="rounded-md border bg-muted/40 p-3 text-sm">
            {createNotice}
          </div>
        ) : (
          <div className="grid gap-3">
            <h3 className="text-base font-semibold">Create a key</h3>
            <CreateKeyForm action={action} scopeOptions={scopeOptions} defaultScopes={defaultScopes} lastResult={createResult} />
          </div>
        )}
        <div className="grid min-w-0 gap-3">
          <h3 className="text-base font-semibold">Keys</h3>
          <KeysTable action={action} keys={keys} revokeError={revokeError} />
        </div>
      </CardContent>
    </Card>
  );
}
