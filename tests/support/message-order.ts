import type { MessageOrder } from "~/modules/notifications/message-kinds";

/** An order as the notification messages read it: two lines, $50.00 + $4.00 tax, shipped by UPS. */
export function messageOrderWith(overrides: Partial<MessageOrder> = {}): MessageOrder {
  return {
    orderNumber: "ORD-12345678",
    status: "paid",
    paymentStatus: "paid",
    paymentMethod: "paypal",
    customerName: "Jane Doe",
    customerEmail: "jane@example.com",
    customerPhone: "+14155550100",
    items: [
      {
        name: "Classic Tee",
        sku: "TEE-M-BLK",
        size: "M",
        color: "Black",
        quantity: 2,
        unitPriceCents: 2000,
        totalPriceCents: 4000,
      },
      { name: "Cap", sku: "CAP", size: null, color: null, quantity: 1, unitPriceCents: 1000, totalPriceCents: 1000 },
    ],
    subtotalCents: 5000,
    discountCents: 0,
    discounts: [],
    shippingCents: 0,
    taxCents: 400,
    totalCents: 5400,
    shippingMethod: "standard",
    shippingAddress: {
      firstName: "Jane",
      lastName: "Doe",
      email: "jane@example.com",
      phone: "+14155550100",
      address: "1 Main St",
      apartment: "Apt 4",
      city: "Portland",
      state: "OR",
      postalCode: "97201",
      country: "US",
    },
    trackingNumber: "1Z999AA10123456784",
    carrier: "UPS",
    trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    orderUrl: "https://shop.example.com/order-confirmation/ORD-12345678",
    isTest: false,
    createdAt: new Date("2025-01-02T03:04:05Z"),
    ...overrides,
  };
}
