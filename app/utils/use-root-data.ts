import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

export function useRootData() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  if (!data) throw new Error("root loader data is missing");
  return data;
}

export function useOptionalUser() {
  return useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
}
