import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/svelte";
import { setLang } from "./i18n/index.svelte";
import ResultsExport from "../components/ResultsExport.svelte";
import FileImport from "../components/FileImport.svelte";
import type { ImportPreview } from "./types";

const resultsExport = vi.fn();
const importPreview = vi.fn();
vi.mock("./api", () => ({
  api: {
    resultsExport: (...a: unknown[]) => resultsExport(...a),
    importPreview: (...a: unknown[]) => importPreview(...a),
  },
}));

afterEach(() => { cleanup(); setLang("en"); resultsExport.mockReset(); importPreview.mockReset(); });

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("the results written for other programs from the app (issue 30)", () => {
  it("writes the chosen format to the typed path and lists what USEBIO cannot carry", async () => {
    resultsExport.mockResolvedValue({ path: "/tmp/r.xml", not_written: ["section A board 3 round 1 table 1 (1 v 2): not played (late): not in the USEBIO file"] });
    render(ResultsExport, { id: "x" });
    await fireEvent.change(screen.getByLabelText("Format"), { target: { value: "usebio" } });
    await fireEvent.input(screen.getByLabelText("Write to"), { target: { value: " /tmp/r.xml " } });
    await fireEvent.click(screen.getByText("Write the results file"));
    await tick();
    expect(resultsExport).toHaveBeenCalledWith("usebio", "/tmp/r.xml", false);
    expect(screen.getByRole("status").textContent).toBe("Written: /tmp/r.xml");
    expect(document.getElementById("x-not-written")?.textContent).toContain("1 result(s) this format cannot carry");
  });

  it("an existing file is replaced only after the user confirms, in German", async () => {
    setLang("de");
    resultsExport
      .mockRejectedValueOnce({ code: "export_exists", message: "exists", params: { path: "/tmp/r.pbn" } })
      .mockResolvedValueOnce({ path: "/tmp/r.pbn", not_written: [] });
    render(ResultsExport, { id: "x" });
    await fireEvent.click(screen.getByText("Ergebnisdatei schreiben"));
    await tick();
    // No path typed: Rust's save dialog chose the file, which exists.
    expect(resultsExport).toHaveBeenNthCalledWith(1, "pbn", null, false);
    expect(screen.getByRole("alert").textContent).toContain("/tmp/r.pbn gibt es schon. Ersetzen?");
    expect(screen.queryByRole("status")).toBeNull();
    await fireEvent.click(screen.getByText("Ersetzen"));
    await tick();
    expect(resultsExport).toHaveBeenNthCalledWith(2, "pbn", "/tmp/r.pbn", true);
    expect(screen.getByRole("status").textContent).toBe("Geschrieben: /tmp/r.pbn");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("the importer's report is shown before anything is signed", () => {
  it("shows records, problems, warnings and the published-vs-tdlog comparison", async () => {
    const v: ImportPreview = {
      kind: "usebio", section: "A", form: "pairs", records: 32, imported: 32, skipped: 0, problems: [],
      warnings: ["the movement is rebuilt as 4 round(s)"], contestants: 8, teams_without_captain: [], tables: 4, rounds: 4,
      boards: 8, deals: 8, results: 31, not_played: 0, adjusted: 1, published_lines: 40, producer: "Compscore", events: 60,
      blocked: "needs_director",
      comparison: { lines: 32, values: 103, agree: 102, disagreements: [{ section: "A", board: 3, ns: "1NS", ew: "2EW", what: "mp_ns", published: 5, ours: 4.5, cause: "rounding" }] },
    };
    importPreview.mockResolvedValue(v);
    render(FileImport, { what: "results" });
    await fireEvent.input(screen.getByLabelText("File of another scoring program (PBN, USEBIO)"), { target: { value: "/f.xml" } });
    await fireEvent.submit(document.getElementById("import-form")!);
    await tick();
    expect(importPreview).toHaveBeenCalledWith({ path: "/f.xml", section: "A", captains: [] });
    expect(document.getElementById("import-comparison")?.textContent).toBe(
      "Published scores: 102 of 103 value(s) in 32 line(s) agree with tdlog's within 0.01 (before signing)");
    expect(document.getElementById("import-disagreements")?.textContent).toContain("mp_ns 5 / tdlog 4.5 (rounding)");
    expect(document.getElementById("import-preview")?.textContent).toContain("32");
    expect(document.getElementById("import-blocked")).not.toBeNull();
  });
});
