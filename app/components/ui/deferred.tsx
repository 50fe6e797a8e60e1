import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";

/**
 * A part of a screen whose code loads after the screen's own (decision 198): a form below the fold,
 * or one only some viewers get. The server renders it whole (the document waits for everything), so it
 * shows at once and posts without JavaScript; the browser hydrates it when its chunk arrives, which it
 * fetches only when the part is on the page, so a connector never downloads the business's form.
 * The wrapper (display: contents, so layouts see only the part) says when the part is live:
 * `data-deferred="ready"`, which the end-to-end tests' `hydrated()` waits for.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Part = lazy(async () => {
    const Loaded = (await load()) as ComponentType<object>;
    return {
      default: function Live({ onLive, ...props }: { onLive: (live: boolean) => void }) {
        useEffect(() => onLive(true), [onLive]);
        return <Loaded {...props} />;
      },
    };
  });
  return function Deferred(props: P) {
    const [live, setLive] = useState(false);
    return (
      <div className="contents" data-deferred={live ? "ready" : "pending"}>
        <Suspense fallback={null}>
          <Part {...props} onLive={setLive} />
        </Suspense>
      </div>
    );
  };
}
