// The static site's bots: a Web Worker with its own copy of the engine
// (carcassonne-web's Thinker), so that a search never stops the page.
// web.js sends each bot decision as the game's record; the worker keeps a
// copy of each game, brings it up to date from the record, lets the
// deciding bot choose and answers its choice.
import init, {Thinker, search_rate} from "./carcassonne_web.js";

const ready = init().then(() => new Thinker());

self.onmessage = async (e) => {
  const m = e.data;
  const thinker = await ready;
  if (m.kind === "think") {
    try {
      const choice = thinker.think(m.id, m.record);
      self.postMessage({kind: "choice", id: m.id, version: m.version, choice});
    } catch (err) {
      self.postMessage({kind: "failed", id: m.id, version: m.version, error: String(err && err.message || err)});
    }
  } else if (m.kind === "rate") {
    try {
      self.postMessage({kind: "rate", result: JSON.parse(search_rate(m.iterations, m.decisions))});
    } catch (err) {
      self.postMessage({kind: "rate", error: String(err && err.message || err)});
    }
  } else if (m.kind === "forget") {
    thinker.forget(m.id);
  }
};
