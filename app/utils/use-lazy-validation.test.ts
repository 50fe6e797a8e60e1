// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { submitAgain } from "./use-lazy-validation";

/** A form with an id and a submit button, and the submitters of the submits it saw. */
function formWithButton() {
  document.body.innerHTML = `<form id="f"><input name="a" value="1"><button name="go" value="yes">Go</button></form>`;
  const form = document.querySelector("form") as HTMLFormElement;
  const seen: { name: string; value: string; connected: boolean }[] = [];
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    seen.push({ name: submitter?.name ?? "", value: submitter?.value ?? "", connected: submitter?.isConnected ?? false });
  });
  return { form, seen };
}

describe("submitAgain: a held submit sent again once the checks are here", () => {
  it("uses the submitter when it is still the form's", () => {
    const { form, seen } = formWithButton();
    submitAgain(form, form.querySelector("button"));
    expect(seen).toEqual([{ name: "go", value: "yes", connected: true }]);
  });

  it("submits without a submitter when there was none", () => {
    const { form, seen } = formWithButton();
    submitAgain(form, null);
    expect(seen).toEqual([{ name: "", value: "", connected: false }]);
  });

  it("carries a removed intent button's name and value on a stand-in, and removes it after (issue 37)", () => {
    const { form, seen } = formWithButton();
    // What Conform's form.update does: a hidden button outside the form, removed once the submit ran.
    const intent = document.createElement("button");
    intent.name = "__intent__";
    intent.value = '{"type":"update"}';
    intent.setAttribute("form", "f");
    document.body.appendChild(intent);
    intent.remove();
    expect(() => form.requestSubmit(intent)).toThrow();

    submitAgain(form, intent);
    expect(seen).toEqual([{ name: "__intent__", value: '{"type":"update"}', connected: true }]);
    expect(form.querySelectorAll("button")).toHaveLength(1);
  });
});
