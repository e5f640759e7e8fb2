/**
 * Two of jsdom's answers, given as before but without recomputing them each time they are asked. On the client
 * suite's slowest tests (a big form, a list, a select opened) these two were a third of the time.
 *
 * - A `<label for="…">` finds its control by walking the whole document, element by element, each time; and an
 *   input's `labels` asks that of every label in the document. Testing Library's `getByLabelText` reads the
 *   labels of every element it looks at, so one query on a big form walked the document thousands of times.
 *   Here a label in a document finds its control through the document's index of ids (what a browser does):
 *   the first element with that id, if it is labelable. With a repeated id, or in a tree that is not a
 *   document, jsdom's own walk answers.
 * - `getComputedStyle` resolves each time, for every element asked, fourteen properties through all its
 *   ancestors (colours parsed anew), and Floating UI asks it of every ancestor of a select's list each time it
 *   places it. jsdom keeps the rules matching each element until anything in the document changes (an
 *   attribute, a node, a stylesheet: `_styleCache` is then dropped); the resolved style is kept here for just
 *   as long. Nothing in the app writes into a computed style (a browser's is read-only).
 *
 * Both rely on jsdom's internals: with another jsdom whose internals differ, each is left out and jsdom answers
 * as it always did (the tests only slower).
 */
import { createRequire } from 'node:module';

interface NodeImpl {
  nodeType: number;
  getAttributeNS(namespace: null, name: string): string | null;
  getRootNode(options: object): DocumentImpl;
}
interface DocumentImpl extends NodeImpl {
  _ids?: Record<string, NodeImpl[] | undefined>;
  _styleCache?: object | null;
  _globalObject?: unknown;
  getElementById?(id: string): NodeImpl | null;
  getElementsByTagName?(name: string): { length: number; item(index: number): NodeImpl | null };
}
interface LabelableImpl extends NodeImpl {
  _labels?: unknown;
}
const LABELABLES = ['Button', 'Input', 'Meter', 'Output', 'Progress', 'Select', 'TextArea'];

const DOCUMENT_NODE = 9;
// The same jsdom the environment runs (a CommonJS package: one instance per worker).
const require = createRequire(import.meta.url);

/** Which of them are in place (jsdom-speedups.test.ts fails when a jsdom update leaves one out). */
export const installed = { labels: false, labelsOfControls: false, computedStyles: false };

function speedUpLabels() {
  const label = require('jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js') as {
    implementation?: { prototype: object };
  };
  const { isLabelable } = require('jsdom/lib/jsdom/living/helpers/form-controls.js') as {
    isLabelable?: (node: NodeImpl) => boolean;
  };
  const prototype = label.implementation?.prototype;
  const walk = prototype && Object.getOwnPropertyDescriptor(prototype, 'control')?.get;
  if (!prototype || !walk || !isLabelable) return;
  Object.defineProperty(prototype, 'control', {
    configurable: true,
    get(this: NodeImpl): NodeImpl | null {
      const id = this.getAttributeNS(null, 'for');
      if (id) {
        const root = this.getRootNode({});
        if (root.nodeType === DOCUMENT_NODE && root.getElementById && (root._ids?.[id]?.length ?? 0) <= 1) {
          const control = root.getElementById(id);
          return control && isLabelable(control) ? control : null;
        }
      }
      return walk.call(this) as NodeImpl | null;
    },
  });
  installed.labels = true;
}

/**
 * A control's `labels`: jsdom walks the whole tree for them (asking every node whether it is a label of this
 * control), once per control each time the page changed. Here, in a document, only its labels are asked (the
 * document's live list of `<label>` elements, kept between changes), in the same order: the page's.
 */
function speedUpLabelsOfControls() {
  const { isLabelable } = require('jsdom/lib/jsdom/living/helpers/form-controls.js') as {
    isLabelable?: (node: NodeImpl) => boolean;
  };
  const NodeList = require('jsdom/lib/jsdom/living/generated/NodeList.js') as {
    createImpl?: (
      globalObject: unknown,
      args: unknown[],
      data: { element: NodeImpl; query: () => NodeImpl[] },
    ) => unknown;
  };
  const prototypes = LABELABLES.map(
    (name) =>
      (require(`jsdom/lib/jsdom/living/nodes/HTML${name}Element-impl.js`) as { implementation?: { prototype: object } })
        .implementation?.prototype,
  );
  const walks = prototypes.map((prototype) => prototype && Object.getOwnPropertyDescriptor(prototype, 'labels')?.get);
  if (!isLabelable || !NodeList.createImpl || walks.some((walk) => !walk)) return;
  prototypes.forEach((prototype, index) => {
    const walk = walks[index]!;
    Object.defineProperty(prototype, 'labels', {
      configurable: true,
      get(this: LabelableImpl) {
        if (this._labels || !isLabelable(this)) return walk.call(this);
        const root = this.getRootNode({});
        const labels = root.nodeType === DOCUMENT_NODE ? root.getElementsByTagName?.('label') : undefined;
        if (!labels) return walk.call(this);
        this._labels = NodeList.createImpl!(root._globalObject, [], {
          element: root,
          query: () => {
            const found: NodeImpl[] = [];
            for (let at = 0; at < labels.length; at++) {
              const label = labels.item(at) as (NodeImpl & { control?: unknown }) | null;
              if (label?.control === this) found.push(label);
            }
            return found;
          },
        });
        return this._labels;
      },
    });
  });
  installed.labelsOfControls = true;
}

function keepComputedStyles() {
  const { implForWrapper } = require('jsdom/lib/jsdom/living/generated/utils.js') as {
    implForWrapper?: (wrapper: unknown) => DocumentImpl | null;
  };
  if (!implForWrapper || !('_styleCache' in (implForWrapper(document) ?? {}))) return;
  const compute = window.getComputedStyle.bind(window);
  let kept = new WeakMap<Element, CSSStyleDeclaration>();
  let keptFor: object | null | undefined = null;
  window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    if (pseudoElement) return compute(element, pseudoElement);
    const owner = implForWrapper(element.ownerDocument);
    if (owner?._styleCache && owner._styleCache === keptFor) {
      const style = kept.get(element);
      if (style) return style;
    }
    const style = compute(element);
    if (owner?._styleCache !== keptFor) {
      keptFor = owner?._styleCache;
      kept = new WeakMap();
    }
    kept.set(element, style);
    return style;
  };
  installed.computedStyles = true;
}

// Only under jsdom: a test file of the suite that runs in Node (`@vitest-environment node`) has no page.
if (typeof document !== 'undefined') {
  speedUpLabels();
  speedUpLabelsOfControls();
  keepComputedStyles();
}
