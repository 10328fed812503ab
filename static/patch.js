// Draws a screen over the one on the page by changing only what differs (issue 15, goal 3: no task over
// 50 ms). Python renders the whole screen as HTML each time; setting innerHTML made the browser rebuild,
// style, lay out and pre-paint everything, and restart the zone's shimmer, at every move. Here the new HTML
// is parsed aside, then walked beside the old tree: an equal node is kept as it is (its animation runs on,
// its layout is reused), an element of the same tag has its attributes brought up to date and its children
// walked in turn, and anything else is replaced. Children that only grew (the log) get the new ones added;
// children that moved on (a capped log: lines out at the top, new ones at the end) lose the old and gain the
// new, rather than having every line rewritten in place.
// The result is the DOM the HTML describes, as innerHTML would have built it: a form control changed on the
// page since it was drawn (typed in, ticked, picked) is replaced by the drawn one, as innerHTML did.

const CONTROLS = "input, select, textarea";
// The log keeps its last 250 lines: each redraw may push out a few at the top as it adds some at the end.
const MAX_SHIFT = 64;

function changed(control) {
  if (control.nodeName === "SELECT") return [...control.options].some((o) => o.selected !== o.defaultSelected);
  return control.value !== control.defaultValue || control.checked !== control.defaultChecked;
}

/** The nodes holding a control changed since it was drawn (the control and every ancestor up to root). */
function touched(root) {
  const out = new Set();
  for (const control of root.querySelectorAll(CONTROLS)) {
    if (!changed(control)) continue;
    for (let node = control; node && node !== root; node = node.parentNode) out.add(node);
  }
  return out;
}

function morph(old, next, dirty) {
  if (!dirty.has(old) && old.isEqualNode(next)) return;
  if (old.nodeType === Node.TEXT_NODE && next.nodeType === Node.TEXT_NODE) {
    old.nodeValue = next.nodeValue;
  } else if (old.nodeType !== Node.ELEMENT_NODE || old.nodeName !== next.nodeName || old.matches(CONTROLS)) {
    old.replaceWith(next);
  } else {
    for (const { name } of [...old.attributes]) if (!next.hasAttribute(name)) old.removeAttribute(name);
    for (const { name, value } of [...next.attributes]) {
      if (old.getAttribute(name) !== value) old.setAttribute(name, value);
    }
    morphChildren(old, next, dirty);
  }
}

/** How many of ``before``'s first nodes to drop so that the rest begins ``after`` (a capped log that moved
 * on by a few lines), or -1. */
function shift(before, after, dirty) {
  if (!before.length || !after.length || before[0].isEqualNode(after[0])) return -1;
  const most = Math.min(before.length - 1, MAX_SHIFT);
  for (let k = 1; k <= most; k++) {
    if (!before[k].isEqualNode(after[0])) continue;
    const kept = before.slice(k);
    if (kept.length <= after.length && kept.every((node, i) => !dirty.has(node) && node.isEqualNode(after[i]))) {
      return k;
    }
    return -1;
  }
  return -1;
}

function morphChildren(old, next, dirty) {
  const before = [...old.childNodes];
  const after = [...next.childNodes];
  const k = shift(before, after, dirty);
  if (k > 0) {
    for (const node of before.slice(0, k)) node.remove();
    old.append(...after.slice(before.length - k));
  } else if (before.length === after.length && before.every((node, i) => node.nodeName === after[i].nodeName)) {
    before.forEach((node, i) => morph(node, after[i], dirty));
  } else if (
    before.length < after.length &&
    before.every((node, i) => !dirty.has(node) && node.isEqualNode(after[i]))
  ) {
    old.append(...after.slice(before.length));
  } else {
    old.replaceChildren(...after);
  }
}

/** Make ``root``'s content the DOM that ``html`` describes, reusing every node that stays the same. */
export function patch(root, html) {
  const fresh = document.createElement("template");
  fresh.innerHTML = html;
  morphChildren(root, fresh.content, touched(root));
}
