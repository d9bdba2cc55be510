import { describe, expect, it } from "vitest";
import { backupDue, backupName, backupsToDelete, backupTime, newestFirst } from "~/lib/backup/retention";

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe("scheduled backups' names", () => {
  it("name a backup by its UTC second, and read the time back", () => {
    const name = backupName(at("2026-11-26T15:42:07.891Z"));
    expect(name).toBe("abundance-backup-2026-11-26T15-42-07Z.tar.gz");
    expect(backupTime(name)).toEqual(at("2026-11-26T15:42:07Z"));
  });

  it("are not read from other files' names", () => {
    for (const name of [
      "notes.txt",
      "abundance-backup-2026-11-26T15-42-07Z.tar.gz.partial",
      "abundance-backup-2026-13-40T15-42-07Z.tar.gz",
      "my-abundance-backup-2026-11-26T15-42-07Z.tar.gz",
    ])
      expect(backupTime(name), name).toBeNull();
  });
});

describe("keeping the newest N backups", () => {
  const names = [
    backupName(at("2026-11-20T03:00:00Z")),
    backupName(at("2026-11-26T03:00:00Z")),
    "notes.txt",
    backupName(at("2026-11-24T03:00:00Z")),
    backupName(at("2026-11-25T03:00:00Z")),
    backupName(at("2026-11-21T03:00:00Z")),
  ];

  it("orders backups newest first, leaving other files out", () => {
    expect(newestFirst(names).map((n) => backupTime(n)!.toISOString().slice(0, 10))).toEqual([
      "2026-11-26",
      "2026-11-25",
      "2026-11-24",
      "2026-11-21",
      "2026-11-20",
    ]);
  });

  it("deletes every backup older than the newest N, and never a file that is not a backup", () => {
    expect(backupsToDelete(names, 3)).toEqual([
      backupName(at("2026-11-21T03:00:00Z")),
      backupName(at("2026-11-20T03:00:00Z")),
    ]);
    expect(backupsToDelete(names, 5)).toEqual([]);
    expect(backupsToDelete(names, 50)).toEqual([]);
    expect(backupsToDelete(["notes.txt"], 1)).toEqual([]);
  });

  it("keeps at least the newest one whatever N says", () => {
    expect(backupsToDelete(names, 0)).toHaveLength(4);
    expect(backupsToDelete(names, 1)).not.toContain(backupName(at("2026-11-26T03:00:00Z")));
  });
});

describe("when a scheduled backup is due", () => {
  const newest = backupName(at("2026-11-26T03:00:00Z"));

  it("is due at once when there is none", () => {
    expect(backupDue([], at("2026-11-26T03:00:00Z"), 24 * HOUR)).toBe(true);
    expect(backupDue(["notes.txt"], at("2026-11-26T03:00:00Z"), 24 * HOUR)).toBe(true);
  });

  it("is due once the newest is a period old, whenever the server was restarted", () => {
    expect(backupDue([newest], at("2026-11-27T02:59:59Z"), 24 * HOUR)).toBe(false);
    expect(backupDue([newest], at("2026-11-27T03:00:00Z"), 24 * HOUR)).toBe(true);
    expect(backupDue([backupName(at("2026-11-20T03:00:00Z")), newest], at("2026-11-26T09:00:00Z"), 24 * HOUR)).toBe(
      false,
    );
  });
});
