import { type BrowserSession, hiddenFields } from "@connector/testkit";
import { expect } from "vitest";

/** Previews one account on the place screen and returns the save form's fields (its CSRF token and rows). */
export async function saveForm(page: BrowserSession, reference: string): Promise<Record<string, string>> {
  const html = await (await page.request("/desk/place")).text();
  const token = /action="\/desk\/place\/preview"[^>]*><input type="hidden" name="csrf_token" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const preview = await (await page.postForm("/desk/place/preview", { csrf_token: token, reference, name: "Dee", amount: "1" })).text();
  const start = preview.indexOf('action="/desk/place/save"');
  expect(start).toBeGreaterThan(0);
  return hiddenFields(preview.slice(start, preview.indexOf("</form>", start)));
}
