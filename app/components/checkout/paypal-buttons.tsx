import { useEffect, useRef, useState } from "react";
import { Spinner } from "~/components/search/spinner";

/**
 * PayPal's buttons (spec §7: SDK from PayPal's CDN, USD, capture). The browser only opens PayPal's
 * window: our server creates the PayPal order for its own total and captures it. If the script does
 * not load within 10 s (spec §9), `onUnavailable` is called and the buttons are not shown.
 */
export const PAYPAL_LOAD_TIMEOUT_MS = 10_000;
const SDK_URL = "https://www.paypal.com/sdk/js";

interface PayPalButtonsOptions {
  style?: Record<string, string>;
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onCancel: () => void;
  onError: (error: unknown) => void;
}
interface PayPalNamespace {
  Buttons: (options: PayPalButtonsOptions) => { render: (container: HTMLElement) => Promise<void> };
}
declare global {
  interface Window {
    paypal?: PayPalNamespace;
  }
}

let loading: { url: string; promise: Promise<PayPalNamespace> } | undefined;

function loadSdk(clientId: string): Promise<PayPalNamespace> {
  const url = `${SDK_URL}?${new URLSearchParams({ "client-id": clientId, currency: "USD", intent: "capture", components: "buttons" })}`;
  if (loading?.url === url) return loading.promise;
  const promise = new Promise<PayPalNamespace>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = () =>
      window.paypal ? resolve(window.paypal) : reject(new Error("PayPal SDK loaded without paypal"));
    script.onerror = () => {
      script.remove();
      reject(new Error("PayPal SDK failed to load"));
    };
    document.head.appendChild(script);
  });
  loading = { url, promise };
  promise.catch(() => {
    if (loading?.promise === promise) loading = undefined;
  });
  return promise;
}

export function PayPalButtons(props: {
  clientId: string;
  disabled: boolean;
  createOrder: () => Promise<string>;
  onApprove: (paypalOrderId: string) => Promise<void>;
  onCancel: () => void;
  onError: () => void;
  onUnavailable: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  // The latest callbacks, without re-rendering PayPal's buttons when they change.
  const handlers = useRef(props);
  useEffect(() => {
    handlers.current = props;
  });

  useEffect(() => {
    let settled = false;
    const unavailable = () => {
      if (settled) return;
      settled = true;
      handlers.current.onUnavailable();
    };
    const timer = setTimeout(unavailable, PAYPAL_LOAD_TIMEOUT_MS);
    loadSdk(props.clientId)
      .then((paypal) => {
        if (settled || !container.current) return;
        return paypal
          .Buttons({
            style: { layout: "vertical", shape: "pill", label: "pay" },
            createOrder: () => handlers.current.createOrder(),
            onApprove: (data) => handlers.current.onApprove(data.orderID),
            onCancel: () => handlers.current.onCancel(),
            onError: () => handlers.current.onError(),
          })
          .render(container.current)
          .then(() => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            setReady(true);
          });
      })
      .catch(unavailable);
    return () => {
      settled = true;
      clearTimeout(timer);
    };
  }, [props.clientId]);

  return (
    <div aria-busy={!ready} className={props.disabled ? "pointer-events-none opacity-60" : undefined}>
      {!ready && <Spinner label="Loading PayPal…" />}
      <div ref={container} data-testid="paypal-buttons" />
    </div>
  );
}
