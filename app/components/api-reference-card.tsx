import { Icon } from "~/components/icon";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

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
        <a href="/api/docs" className={buttonClass("outline")}>
          <Icon name="book-open" className="h-4 w-4" />
          API reference
        </a>
        <a href="/api/openapi.json" className={buttonClass("outline")}>
          <Icon name="file-json" className="h-4 w-4" />
          OpenAPI document
        </a>
      </CardContent>
    </Card>
  );
}
