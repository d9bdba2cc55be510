import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TextField } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { LOGIN_FIELDS, loginSchema } from "~/modules/accounts/auth-forms";

/**
 * The page a browser without JavaScript gets after posting a form: the kit renders the action's
 * messages at their fields and puts `autofocus` on the first invalid one.
 */
function LoginLike(props: { lastResult?: object | null; autoFocus?: string }) {
  const kit = useZodForm({
    schema: loginSchema,
    fields: LOGIN_FIELDS,
    lastResult: props.lastResult,
    autoFocus: props.autoFocus,
  });
  return (
    <form method="post" {...kit.form}>
      <TextField {...kit.field("email")} id="email" label="Email" />
      <TextField {...kit.field("password")} id="password" label="Password" />
    </form>
  );
}

const inputOf = (html: string, id: string) => new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";

describe("the form kit on the server's page", () => {
  it("shows the answer's messages at their fields and focuses the first invalid one", () => {
    const html = renderToString(
      <LoginLike
        lastResult={{ errors: { password: "Password is required", email: "Invalid email address" }, formError: null }}
      />,
    );
    expect(html).toContain('id="email-error"');
    expect(html).toContain("Invalid email address");
    expect(html).toContain("Password is required");
    expect(inputOf(html, "email")).toContain('aria-invalid="true"');
    expect(inputOf(html, "email")).toContain("autofocus");
    expect(inputOf(html, "password")).not.toContain("autofocus");
  });

  it("focuses the first invalid field in the form's order, not the answer's", () => {
    const html = renderToString(
      <LoginLike lastResult={{ errors: { password: "Password is required" } }} autoFocus="email" />,
    );
    expect(inputOf(html, "password")).toContain("autofocus");
    expect(inputOf(html, "email")).not.toContain("autofocus");
    expect(inputOf(html, "email")).not.toContain("aria-invalid");
  });

  it("without messages: no error shown, the form's own first field focused if it asks for one", () => {
    expect(renderToString(<LoginLike />)).not.toMatch(/aria-invalid|autofocus|-error/);
    expect(renderToString(<LoginLike lastResult={{ status: "error", message: "Nope" }} />)).not.toMatch(
      /aria-invalid|autofocus/,
    );
    expect(inputOf(renderToString(<LoginLike autoFocus="email" />), "email")).toContain("autofocus");
  });

  it("renders a form that posts without JavaScript checks (noValidate is the kit's; method is the page's)", () => {
    const html = renderToString(<LoginLike />);
    const form = /<form[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form.toLowerCase()).toContain("novalidate");
    expect(html).toContain('name="email"');
    expect(html).toContain('name="password"');
  });
});
