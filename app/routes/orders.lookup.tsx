import { data, Form, useNavigation } from "react-router";
import { MailCheck } from "~/components/ui/icons";
import { AuthCard } from "~/components/auth/auth-card";
import { FormMessage, primaryButton, TextField } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/forms";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { shopNameFromMatches } from "~/lib/seo";
import { clientIp } from "~/modules/accounts/account-limits.server";
import { LOOKUP_SENT, parseOrderLookup } from "~/modules/orders/order-lookup-forms";
import { services } from "~/services.server";
import type { Route } from "./+types/orders.lookup";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: `Find your order | ${shopNameFromMatches(matches)}` },
    { name: "description", content: "Get links to the orders you placed without an account by e-mail." },
    { name: "robots", content: "noindex" },
  ];
}

type ActionData =
  { status: "sent" } | { status: "invalid"; errors: FieldErrors } | { status: "error"; message: string };

/**
 * The order lookup (issue 31): a guest gives the e-mail (and maybe an order number) and gets signed links
 * to its guest orders by e-mail. The page answers the same whatever matched; the mail goes out after.
 */
export async function action({ request }: Route.ActionArgs) {
  try {
    const parsed = parseOrderLookup(await readFormBody(request));
    if (!parsed.ok) return data<ActionData>({ status: "invalid", errors: parsed.errors }, { status: 400 });
    await services().guestOrders.requestLookup({
      email: parsed.data.email,
      orderNumber: parsed.data.orderNumber || null,
      clientAddress: clientIp(request),
    });
    return data<ActionData>({ status: "sent" });
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "order-lookup" });
    return data<ActionData>({ status: "error", message }, { status });
  }
}

export default function OrderLookup({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const result = actionData as ActionData | undefined;
  if (result?.status === "sent") {
    return (
      <AuthCard title="Check your e-mail">
        <div className="flex flex-col items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-stone-100" aria-hidden>
            <MailCheck className="size-7 text-brand" />
          </span>
          <p role="status" className="mt-5 text-sm leading-relaxed text-ink">
            {LOOKUP_SENT}
          </p>
        </div>
      </AuthCard>
    );
  }
  const errors = result?.status === "invalid" ? result.errors : {};
  return (
    <AuthCard title="Find your order" subtitle="Ordered without an account? We will e-mail you links to your orders.">
      {result?.status === "error" && (
        <FormMessage kind="error" className="mb-6">
          {result.message}
        </FormMessage>
      )}
      <Form method="post" noValidate className="space-y-5">
        <TextField
          id="lookup-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          error={errors.email}
          required
        />
        <TextField
          id="lookup-orderNumber"
          name="orderNumber"
          label="Order number"
          hint="Optional: leave it empty to get links to all your orders."
          optional
          error={errors.orderNumber}
        />
        <button type="submit" className={`${primaryButton} w-full`} disabled={sending}>
          {sending ? "Sending…" : "E-mail me my order links"}
        </button>
      </Form>
    </AuthCard>
  );
}
