import { Icon } from "~/components/icon";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** The button to the API reference, on the business's API screen and on a person's API keys screen. */
export function ApiDocsLink() {
  return (
    <a href="/api/docs" className={buttonClass("outline")}>
      <Icon name="book-open" className="h-4 w-4" />
      API reference
    </a>
  );
}

export function ApiReferenceCard() {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>API Reference</CardTitle>
        <CardDescription>
          Send a key as <code className="break-all">Authorization: Bearer &lt;key&gt;</code>. It acts for this business as the
          person who made it, within its scopes.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <ApiDocsLink />
        <a href="/api/openapi.json" className={buttonClass("outline")}>
          <Icon name="file-json" className="h-4 w-4" />
          OpenAPI document
        </a>
      </CardContent>
    </Card>
  );
}
