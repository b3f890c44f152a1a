import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/svelte";
import { callText, cancelledBy, cardText, contractText, diagramOrder, isRed, rankText } from "./bridge";
import { setLang } from "./i18n/index.svelte";
import AuctionBox from "../components/AuctionBox.svelte";
import HandDiagram from "../components/HandDiagram.svelte";
import type { AuctionBoxView, CallCell, HandView } from "./types";

const cell = (index: number, seat: string, call: string, over: Partial<CallCell> = {}): CallCell =>
  ({ index, seat, call, status: "Standing", law: null, pending: false, forced_by: null, ...over });

// Board 11: South deals; 1NT, West's insufficient 1S cancelled under Law 27B1(a), 2S.
const auction: AuctionBoxView = {
  columns: ["S", "W", "N", "E"],
  rows: [
    [cell(0, "S", "1NT"), cell(1, "W", "1S", { status: { Cancelled: { law: "27B1a" } }, law: "27" }), null, null],
    [null, cell(2, "W", "2S"), null, null],
  ],
};

const hand = (seat: string, suits: [string, string][]): HandView => ({
  seat,
  suits: suits.map(([suit, ranks]) => ({
    suit, cards: [...ranks].map((r, i) => ({ card: suit + r, rank: r, played_in: seat === "W" && i === 0 ? 1 : null })),
  })),
});

describe("bridge display helpers", () => {
  it("shows suit symbols in bids, red for hearts and diamonds", () => {
    expect(callText("1S")).toBe("1♠");
    expect(callText("3NT")).toBe("3NT");
    expect(callText("Pass")).toBe("Pass");
    expect(isRed("2H")).toBe(true);
    expect(isRed("D")).toBe(true);
    expect(isRed("1S")).toBe(false);
  });

  it("writes cards with symbols and English honours A K Q J 10, never T", () => {
    expect(["SA", "HK", "DQ", "CJ", "ST", "H9"].map((c) => cardText(c, "en"))).toEqual(["♠A", "♥K", "♦Q", "♣J", "♠10", "♥9"]);
    expect(contractText("4SX", "en")).toBe("4♠X");
    expect(cardText("not a card", "en")).toBe("not a card");
  });

  it("writes German honours A K D B 10 and no-trump as SA (DBV)", () => {
    expect(["SA", "HK", "DQ", "CJ", "HT"].map((c) => cardText(c, "de"))).toEqual(["♠A", "♥K", "♦D", "♣B", "♥10"]);
    expect(callText("3NT", "de")).toBe("3SA");
    expect(contractText("3NTXX", "de")).toBe("3SAXX");
    expect(rankText("Q", "de")).toBe("D");
  });

  it("writes Danish honours E K D B 10, no-trump as UT and doubled as D / RD (DBf)", () => {
    expect(["SA", "HK", "DQ", "CJ", "CT"].map((c) => cardText(c, "da"))).toEqual(["♠E", "♥K", "♦D", "♣B", "♣10"]);
    expect(callText("1NT", "da")).toBe("1UT");
    expect(contractText("4HX", "da")).toBe("4♥D");
    expect(contractText("2CXX", "da")).toBe("2♣RD");
  });

  it("names the branch that cancelled a call", () => {
    expect(cancelledBy({ Cancelled: { law: "27B1a" } })).toBe("27B1a");
    expect(cancelledBy("Standing")).toBeNull();
    expect(cancelledBy("Pending")).toBeNull();
  });

  it("lays out the diagram North, West, East, South", () => {
    const order = diagramOrder([{ seat: "S" }, { seat: "N" }, { seat: "E" }, { seat: "W" }]);
    expect(order.map((h) => h?.seat)).toEqual(["N", "W", "E", "S"]);
  });
});

describe("auction box", () => {
  afterEach(() => { cleanup(); setLang("en"); });

  it("law_27b1a_the_insufficient_bid_is_struck_through_with_its_branch", () => {
    render(AuctionBox, { auction });
    const heads = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(heads).toEqual(["South", "West", "North", "East"]);
    const calls = [...document.querySelectorAll(".call")];
    expect(calls.map((c) => c.textContent)).toEqual(["1NT", "1♠", "2♠"]);
    expect(calls[1].classList.contains("cancelled")).toBe(true);
    expect(calls[2].classList.contains("cancelled")).toBe(false);
    expect(document.querySelector(".law-tag")?.textContent).toBe("Law 27B1a");
  });

  it("names seats and calls in German", () => {
    setLang("de");
    render(AuctionBox, { auction: { columns: ["N", "E", "S", "W"], rows: [[cell(0, "N", "Pass"), cell(1, "E", "X"), cell(2, "S", "3NT"), null]] } });
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Nord", "Ost", "Süd", "West"]);
    expect([...document.querySelectorAll(".call")].map((c) => c.textContent)).toEqual(["Pass", "Kontra", "3SA"]);
  });

  it("says when nothing is recorded", () => {
    render(AuctionBox, { auction: { columns: ["N", "E", "S", "W"], rows: [] } });
    expect(screen.getByText("No calls recorded.")).toBeTruthy();
  });
});

describe("hand diagram", () => {
  afterEach(() => { cleanup(); setLang("en"); });

  it("shows the Danish honours E K D B 10", () => {
    setLang("da");
    render(HandDiagram, { hands: [hand("N", [["S", "AKQJT"]])], dealer: "N", vulnerable: "None" });
    expect([...document.querySelectorAll(".hand.north .card")].map((c) => c.textContent)).toEqual(["E", "K", "D", "B", "10"]);
  });

  it("shows each hand by suit, the dealer marked, tens as 10, played cards greyed", () => {
    const hands = [
      hand("N", [["S", "KT8"], ["H", "A96"], ["D", "A95"], ["C", "7542"]]),
      hand("E", [["S", "A"], ["H", ""], ["D", "KQJT"], ["C", "AKQJT98"]]),
      hand("S", [["S", "Q"], ["H", "KQJ"], ["D", "876432"], ["C", "63"]]),
      hand("W", [["S", "J97"], ["H", "T87"], ["D", ""], ["C", ""]]),
    ];
    render(HandDiagram, { hands, dealer: "S", vulnerable: "None" });
    const seats = [...document.querySelectorAll(".hand")].map((h) => h.getAttribute("data-seat"));
    expect(seats).toEqual(["N", "W", "E", "S"]);
    const north = document.querySelector(".hand.north")!;
    const spades = north.querySelector(".suit")!;
    expect(spades.querySelector(".sym")?.textContent).toBe("♠");
    expect([...spades.querySelectorAll(".card")].map((c) => c.textContent)).toEqual(["K", "10", "8"]);
    expect(document.querySelector(".hand.south .seat")?.textContent).toBe("South •");
    expect(document.querySelector(".hand.east .suit:nth-of-type(3)")?.textContent).toContain("—");
    expect(document.querySelectorAll(".card.played").length).toBe(2);
  });

  it("with onplay, offers each card not yet played as a button and reports the card clicked", async () => {
    const played: string[] = [];
    const hands = [hand("N", [["S", "KT8"]]), hand("E", [["S", "A"]]), hand("S", [["S", "Q"]]), hand("W", [["S", "J97"]])];
    render(HandDiagram, { hands, dealer: "S", vulnerable: "None", onplay: (c: string) => played.push(c) });
    const buttons = [...document.querySelectorAll<HTMLButtonElement>("button.card.playable")];
    // West's SJ was played to trick 1: shown struck through, not a button.
    expect(buttons.map((b) => b.dataset.card)).toEqual(["SK", "ST", "S8", "S9", "S7", "SA", "SQ"]);
    expect(document.querySelector(".hand.west .card.played")?.textContent).toBe("J");
    await fireEvent.click(document.querySelector<HTMLButtonElement>('button[data-card="ST"]')!);
    expect(played).toEqual(["ST"]);
  });

  it("without onplay, no card is a button", () => {
    render(HandDiagram, { hands: [hand("N", [["S", "KT8"]])], dealer: "S", vulnerable: "None" });
    expect(document.querySelectorAll("button.card").length).toBe(0);
  });
});
