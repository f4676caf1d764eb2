// What both Lighthouse scripts set up through the API: two players, and a league of theirs
// whose ledger holds `grants` grants (to each in turn, some with a longer reason).

import { Bourre, MemorySessionStore } from "../../web/sdk/index.js";

/**
 * A player signed up on the server at `base`, with a client and session store of their own.
 * @param {string} base
 * @param {string} username
 */
export async function player(base, username) {
  const store = new MemorySessionStore();
  const client = new Bourre({ baseUrl: base, store });
  const session = await client.registerPlayer({ username, password: "correct horse battery" });
  return { client, store, session };
}

/**
 * Players `annName` and `bobName`, and ann's league "Friday night" with bob in it and a
 * ledger of `grants` grants.
 * @param {string} base
 * @param {number} grants
 * @param {string} annName
 * @param {string} bobName
 */
export async function leagueWithLedger(base, grants, annName, bobName) {
  const ann = await player(base, annName);
  const bob = await player(base, bobName);
  const league = await ann.client.createLeague({ name: "Friday night", starting_balance: 1000 });
  await bob.client.joinLeagueByCode({ invite_code: league.invite_code ?? "" });
  for (let n = 1; n <= grants; n++) {
    const to = n % 2 ? bob.session.player.id : ann.session.player.id;
    await ann.client.grantChips(league.id, { player_id: to, amount: n, reason: n % 3 ? "rebuy" : `prize of round ${n}` });
  }
  return { ann, bob, league };
}
