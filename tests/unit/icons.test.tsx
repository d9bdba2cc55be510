import * as lucide from "lucide-react";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as icons from "~/components/ui/icons";

const svgParts = (markup: string) => {
  const open = /^<svg([^>]*)>/.exec(markup)![1]!;
  const attributes = Object.fromEntries([...open.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  return { attributes, drawing: markup.slice(markup.indexOf(">") + 1) };
};

describe("the storefront's icons (generated from lucide-react)", () => {
  const entries = Object.entries(icons).filter(([, value]) => typeof value === "function") as Array<
    [string, ComponentType<icons.IconProps>]
  >;

  it("covers the icons the storefront uses", () => {
    expect(entries.length).toBeGreaterThan(30);
  });

  it.each(entries)("%s draws what Lucide draws, with Lucide's attributes", (name, Icon) => {
    const Lucide = (lucide as unknown as Record<string, ComponentType<{ className?: string }>>)[name]!;
    const ours = svgParts(renderToStaticMarkup(<Icon className="size-4" />));
    const theirs = svgParts(renderToStaticMarkup(<Lucide className="size-4" />));
    expect(ours.drawing).toBe(theirs.drawing);
    const { class: ourClass, ...ourRest } = ours.attributes;
    const { class: theirClass, ...theirRest } = theirs.attributes;
    expect(ourRest).toEqual(theirRest);
    // Lucide adds the icon's old names as classes too (lucide-user-2); ours keep the current one.
    expect(theirClass!.split(" ")).toEqual(expect.arrayContaining(ourClass!.split(" ")));
  });

  it("is hidden from screen readers unless labelled", () => {
    expect(renderToStaticMarkup(<icons.Search />)).toContain('aria-hidden="true"');
    const labelled = renderToStaticMarkup(<icons.Search aria-label="Search" />);
    expect(labelled).not.toContain("aria-hidden");
    expect(labelled).toContain('aria-label="Search"');
  });
});
