import { describe, expect, it } from "vitest";
import {
  cssString,
  hintCookie,
  hintValue,
  readHint,
  VIEWER_HINT_COOKIE,
  VIEWER_HINT_SCRIPT,
} from "~/modules/accounts/viewer-hint";

/** Runs the head script against a document with this cookie; answers what it marked. */
function paint(cookie: string) {
  const marks: { viewer?: string; name?: string } = {};
  const document = {
    cookie,
    documentElement: {
      setAttribute: (_: string, value: string) => (marks.viewer = value),
      style: { setProperty: (_: string, value: string) => (marks.name = value) },
    },
  };
  new Function("document", VIEWER_HINT_SCRIPT)(document);
  return marks;
}

describe("the viewer hint", () => {
  it("keeps the role and the name, and reads back what it wrote", () => {
    const value = hintValue({ role: "admin", name: "Zoë O'Neil; x=1" });
    expect(value).not.toMatch(/[;\s]/);
    expect(readHint(`a=1; ${VIEWER_HINT_COOKIE}=${value}; b=2`)).toEqual({ role: "admin", name: "Zoë O'Neil; x=1" });
    expect(readHint(`${VIEWER_HINT_COOKIE}=root:Eve`)).toBeNull();
    expect(readHint(`${VIEWER_HINT_COOKIE}=customer:%E0%A4%A`)).toBeNull();
    expect(readHint("other=1")).toBeNull();
  });

  it("paints in the head what the module would: the role, and the name as a safe CSS string", () => {
    const name = 'Ana "</style><script>" \\ 🙂';
    expect(paint(`${VIEWER_HINT_COOKIE}=${hintValue({ role: "customer", name })}`)).toEqual({
      viewer: "customer",
      name: cssString(name),
    });
    // Only letters, digits and spaces stay as they are: no quote, bracket or backslash ends the string.
    expect(cssString(name).slice(1, -1)).not.toMatch(/[<>"]/);
    expect(cssString("Ana Lee")).toBe('"Ana Lee"');
    expect(cssString('a"b')).toBe('"a\\22 b"');
    // Nothing painted without a hint, or with a role that is not one.
    expect(paint("theme=dark")).toEqual({});
    expect(paint(`${VIEWER_HINT_COOKIE}=root:Eve`)).toEqual({});
  });

  it("is written for a signed-in viewer and removed for a guest", () => {
    expect(hintCookie({ role: "customer", name: "Ana" }, true)).toMatch(
      /^abundance_viewer=customer:Ana; Max-Age=\d+; Path=\/; SameSite=Lax; Secure$/,
    );
    expect(hintCookie(null, false)).toBe("abundance_viewer=; Max-Age=0; Path=/; SameSite=Lax");
  });
});
