/** The header and footer links of spec §2, in one place. */
export const HEADER_NAV = [
  { to: "/shop", label: "Shop All" },
  { to: "/shop/men", label: "Men" },
  { to: "/shop/women", label: "Women" },
  { to: "/shop/sale", label: "Sale" },
] as const;

export const FOOTER_SECTIONS = [
  {
    title: "Shop",
    links: [
      { to: "/shop/shop-all", label: "Shop All" },
      { to: "/shop/men", label: "Men" },
      { to: "/shop/women", label: "Women" },
      { to: "/shop/sale", label: "Sale" },
      { to: "/shop/new-arrivals", label: "New Arrivals" },
    ],
  },
  {
    title: "Help",
    links: [
      { to: "/contact-us", label: "Contact Us" },
      { to: "/shipping-info", label: "Shipping Info" },
      { to: "/returns", label: "Returns" },
      { to: "/size-guide", label: "Size Guide" },
      { to: "/faq", label: "FAQ" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/privacy", label: "Privacy Policy" },
      { to: "/terms", label: "Terms of Service" },
    ],
  },
] as const;
