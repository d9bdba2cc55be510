import { afterEach, beforeEach, vi } from "vitest";

// A stray console.error means something went wrong that no assertion looked at: fail the test.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    const text = errors.map((args) => args.map(String).join(" ")).join("\n");
    throw new Error(`console.error was called during the test:\n${text}`);
  }
});
