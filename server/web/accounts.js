// SPDX-License-Identifier: Apache-2.0
// Accounts in the web UI (docs/accounts.md): the sign-in form (#/sign-in), the landing of a
// mailed link (#/sign-in?token=..., which confirms it in this browser), and "My games"
// (#/my-games), every seat the account holds with a link to its game.

import { api, setCsrf } from "./api.js";
import { h, say, formatTime } from "./dom.js";

const main = document.getElementById("main");

export class SignInPage {
  constructor(token) {
    this.token = token;
  }

  stop() {}

  async start() {
    document.title = "Sign in — Adjutant";
    if (this.token) return this.confirm();
    const email = h("input", { type: "email", name: "email", required: true, autocomplete: "email", "aria-label": "E-mail address" });
    const form = h("form", { class: "sign-in" },
      h("label", {}, "E-mail address ", email),
      h("button", { type: "submit" }, "Send me a sign-in link"));
    const note = h("p", {}, "No password: a link valid for 15 minutes is mailed to you. Open it in this browser.");
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        const answer = await api.signIn(email.value);
        form.replaceWith(h("p", { class: "sent" }, answer.message));
      } catch (e) {
        say(e.message, "error");
      }
    });
    main.replaceChildren(h("h1", {}, "Sign in"), note, form);
  }

  async confirm() {
    // The token leaves the address bar at once; it was in the fragment, which no server sees.
    history.replaceState(null, "", "#/sign-in");
    try {
      const answer = await api.confirmSignIn(this.token);
      setCsrf(answer.csrf_token);
      main.replaceChildren(
        h("h1", {}, "Signed in"),
        h("p", {}, `You are signed in as ${answer.account.email}.`),
        h("p", {}, h("a", { href: "#/my-games" }, "My games")));
    } catch (e) {
      main.replaceChildren(
        h("h1", {}, "Sign in"),
        h("p", { class: "error" }, e.message),
        h("p", {}, h("a", { href: "#/sign-in" }, "Ask for a new link")));
    }
  }
}

export class MyGamesPage {
  stop() {}

  async start() {
    document.title = "My games — Adjutant";
    let me, games;
    try {
      [me, games] = await Promise.all([api.me(), api.myGames()]);
    } catch (e) {
      if (e.status === 401) {
        main.replaceChildren(h("h1", {}, "My games"),
          h("p", {}, "You are not signed in. ", h("a", { href: "#/sign-in" }, "Sign in")));
        return;
      }
      main.replaceChildren(h("h1", {}, "My games"), h("p", { class: "error" }, e.message));
      return;
    }
    setCsrf(me.csrf_token);
    const rows = games.seats.map((s) => h("tr", {},
      h("td", {}, h("a", { href: `#/game/${s.game_id}` }, s.game_name)),
      h("td", {}, s.power),
      h("td", {}, s.phase),
      h("td", {}, s.deadline ? formatTime(s.deadline) : "—"),
      h("td", {}, s.orders_in ? "in" : "missing"),
      h("td", {}, String(s.unread_press))));
    const signOut = h("button", { type: "button" }, "Sign out");
    signOut.addEventListener("click", async () => {
      try {
        await api.signOut();
        setCsrf("");
        location.hash = "#/";
      } catch (e) {
        say(e.message, "error");
      }
    });
    main.replaceChildren(
      h("h1", {}, "My games"),
      h("p", {}, `Signed in as ${me.email}. `, signOut),
      rows.length
        ? h("table", {},
          h("thead", {}, h("tr", {}, ...["Game", "Power", "Phase", "Deadline", "Orders", "Unread press"].map((t) => h("th", { scope: "col" }, t)))),
          h("tbody", {}, ...rows))
        : h("p", {}, "You hold no seat yet: join a game while signed in, or claim a seat with its token."));
  }
}
