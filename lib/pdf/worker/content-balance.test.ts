/**
 * The content-stream lexer and what a page's content leaves open: operators inside strings,
 * comments and inline images are not operators; stray Q and EMC are seen; content that readers
 * could split into different tokens is refused; the closing operators put what follows in the
 * page's default state.
 */
import { PDFContext, PDFDict, PDFDocument, PDFName, PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { closingOperators, ContentError, contentBalance, decodeContents, lexContent, pageResources, refuseLeakingResources } from './content-balance.mjs';

const bytes = (text: string) => Buffer.from(text, 'latin1');

/** The tokens of `text` as [kind, text] pairs. */
function tokens(text: string | Uint8Array): [string, string][] {
  const b = typeof text === 'string' ? bytes(text) : text;
  const out: [string, string][] = [];
  lexContent(b, (kind, start, end) => out.push([kind, Buffer.from(b.subarray(start, end)).toString('latin1')]));
  return out;
}

const operators = (text: string | Uint8Array) =>
  tokens(text)
    .filter(([kind]) => kind === 'operator')
    .map(([, t]) => t);
const balance = (...streams: string[]) => contentBalance(streams.map(bytes));

describe('lexContent', () => {
  it('reads numbers, names, keywords, arrays, dictionaries and operators', () => {
    expect(tokens('q 1 0 0 1 -2.5 .5 cm /GS0 gs [1 2] 0 d << /MCID 3 >> true null BDC')).toEqual([
      ['operator', 'q'],
      ['number', '1'],
      ['number', '0'],
      ['number', '0'],
      ['number', '1'],
      ['number', '-2.5'],
      ['number', '.5'],
      ['operator', 'cm'],
      ['name', '/GS0'],
      ['operator', 'gs'],
      ['delimiter', '['],
      ['number', '1'],
      ['number', '2'],
      ['delimiter', ']'],
      ['number', '0'],
      ['operator', 'd'],
      ['delimiter', '<<'],
      ['name', '/MCID'],
      ['number', '3'],
      ['delimiter', '>>'],
      ['keyword', 'true'],
      ['keyword', 'null'],
      ['operator', 'BDC'],
    ]);
  });

  it('keeps Q and ) inside strings: nested parentheses, escaped ones, hex strings and comments', () => {
    expect(tokens('BT (a (Q) b) Tj (\\) Q \\( EMC) Tj <51 45 4D43> Tj ET % Q EMC ) >\nQ')).toEqual([
      ['operator', 'BT'],
      ['string', '(a (Q) b)'],
      ['operator', 'Tj'],
      ['string', '(\\) Q \\( EMC)'],
      ['operator', 'Tj'],
      ['hex', '<51 45 4D43>'],
      ['operator', 'Tj'],
      ['operator', 'ET'],
      ['comment', '% Q EMC ) >'],
      ['operator', 'Q'],
    ]);
    expect(operators('(\\\\) Q')).toEqual(['Q']);
  });

  it('skips an inline image whose binary data holds Q and EMC bytes', () => {
    const data = Buffer.from([0x51, 0x0a, 0x45, 0x4d, 0x43, 0x20, 0x51, 0x00, 0xff, 0x29, 0x28]);
    const content = Buffer.concat([bytes('q BI /W 11 /H 1 /BPC 8 /CS /G ID '), data, bytes('\nEI Q')]);
    const all = tokens(content);
    expect(all.filter(([kind]) => kind === 'operator').map(([, t]) => t)).toEqual(['q', 'BI', 'ID', 'EI', 'Q']);
    const image = all.find(([kind]) => kind === 'image')!;
    expect(Buffer.from(image[1], 'latin1').subarray(0, data.length)).toEqual(data);
    expect(contentBalance([content])).toMatchObject({ depth: 0, minDepth: 0, marked: 0, minMarked: 0 });
  });

  it('refuses what readers could read differently', () => {
    for (const text of ['(never closed Q', '<5151', 'Q ) Q', 'a > b', 'BI /W 1 ID xxxx', 'BI /W 1 /H 1 ID x\nEI\u0080\u0081 Q', 'BI /W 1 /H 1 ID xEI Q\nEI Q']) {
      expect(() => lexContent(bytes(text), () => {}), text).toThrow(ContentError);
    }
  });
});

describe('contentBalance', () => {
  it('sees a stray Q or EMC, and what is left open', () => {
    expect(balance('q 1 g Q Q 0 0 1 1 re W n')).toMatchObject({ minDepth: -1, depth: -1, pathOpen: false });
    expect(balance('/OC /oc1 BDC EMC EMC')).toMatchObject({ minMarked: -1, marked: -1 });
    expect(balance('q /OC /oc1 BDC BT 3 Tr')).toMatchObject({ depth: 1, minDepth: 0, marked: 1, minMarked: 0, inText: true });
    expect(balance('0 0 1 1 re W')).toMatchObject({ pathOpen: true });
    expect(balance('q 0 0 m 1 1 l S Q\n')).toMatchObject({ depth: 0, minDepth: 0, marked: 0, minMarked: 0, inText: false, pathOpen: false, needsSeparator: false });
  });

  it('reads several streams as one, with a space between them', () => {
    expect(balance('q /OC /oc1 BDC\n', 'EMC ', 'Q')).toMatchObject({ depth: 0, minDepth: 0, marked: 0, minMarked: 0 });
    expect(balance('q\n', 'Q\n', 'Q')).toMatchObject({ minDepth: -1 });
    // A word, string or comment split between streams: readers that join them without a space
    // (pdf.js) read other tokens; here "QQ", which pops nothing there.
    for (const streams of [
      ['q 0 0 1 1 re W n Q', 'Q'],
      ['(a', ') Tj'],
      ['% note', ' Q'],
      ['/Na', 'me gs'],
      ['<51', '>'],
    ]) {
      expect(() => balance(...streams), streams.join(' | ')).toThrow(/^has .*, which could hide the seal$/);
    }
  });

  it('refuses an array or dictionary left open, and the letters EI outside an inline image end after one', () => {
    expect(() => balance('[1 2')).toThrow(ContentError);
    expect(() => balance('<< /A 1')).toThrow(ContentError);
    expect(() => balance('BI /W 1 /H 1 /BPC 8 /CS /G ID x EI Q (EI Q) Tj')).toThrow(/EI/);
  });

  it('asks for a separating line end after content that ends in a word or an open comment', () => {
    expect(balance('0 g')).toMatchObject({ needsSeparator: true });
    expect(balance('0 g % note ')).toMatchObject({ needsSeparator: true });
    expect(balance('0 g % note\n')).toMatchObject({ needsSeparator: false });
    expect(balance('')).toMatchObject({ needsSeparator: false });
    // Numbers are not visited while balancing, yet one at the end still runs into what follows.
    expect(balance('q Q 12')).toMatchObject({ needsSeparator: true });
    expect(balance('q Q (a)')).toMatchObject({ needsSeparator: true });
    expect(balance('q Q 12 \n')).toMatchObject({ needsSeparator: false });
  });

  it('names the forms drawn by the name just before Do, numbers between them or not', () => {
    expect(balance('/Fm1 Do /F2 12 Tf /Fm#32 Do /A 1 0 0 1 0 0 cm Do /Fm1 Do').drawn).toEqual(['Fm1', 'Fm#32', 'A']);
    // A name of 300 KB drawn: read whole (a spread of its bytes threw RangeError, an internal error).
    const long = 'N'.repeat(300_000);
    expect(balance(`/${long} Do`).drawn).toEqual([long]);
  });
});

describe('closingOperators', () => {
  it('is empty for balanced content', () => {
    expect(closingOperators(balance('q 0 0 1 1 re f Q\n'))).toBe('');
  });

  it('ends the text object and the path, then the marked content, then the saved states', () => {
    expect(closingOperators(balance('q q /OC /oc1 BDC /P BMC BT 3 Tr\n'))).toBe('ET\nEMC\nEMC\nQ\nQ\n');
    expect(closingOperators(balance('q 0 0 1 1 re W'))).toBe('\nn\nQ\n');
  });

  it('closes again what the content closed after an inline image, for a reader that took those bytes as image data', () => {
    expect(closingOperators(balance('q BI /W 1 /H 1 /BPC 8 /CS /G ID x EI /OC /oc1 BDC BT ET EMC Q\n'))).toBe('ET\nEMC\nQ\n');
  });
});

describe('decodeContents', () => {
  it('decodes a stream or an array of streams, and refuses a filter pdf-lib cannot decode', () => {
    const context = PDFContext.create();
    const plain = context.register(context.stream('q'));
    const flate = context.register(context.flateStream('Q'));
    expect(decodeContents(context, plain).map((b) => Buffer.from(b).toString())).toEqual(['q']);
    expect(decodeContents(context, context.obj([plain, flate])).map((b) => Buffer.from(b).toString())).toEqual(['q', 'Q']);
    expect(decodeContents(context, undefined).map((b) => b.length)).toEqual([0]);
    const jpeg = context.register(context.stream('xx', { Filter: 'DCTDecode' }));
    expect(() => decodeContents(context, jpeg)).toThrow(/compressed in a way Sealwright cannot read \(\/DCTDecode\)/);
    const predicted = context.register(context.flateStream('q', { DecodeParms: { Predictor: 12 } }));
    expect(() => decodeContents(context, predicted)).toThrow(ContentError);
    expect(PDFName.of('Contents')).toBeDefined();
  });
});

describe('refuseLeakingResources', () => {
  /** A context with a form of `content` (drawing /X from `resources` when given) and a Type 3 font /T3 whose one glyph draws it. */
  function glyphDrawing(content: string) {
    const context = PDFContext.create();
    const form = (text: string, resources?: PDFDict | PDFRef) =>
      context.register(context.stream(text, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 1, 1], ...(resources ? { Resources: resources } : {}) }));
    const glyph = context.register(context.stream('1000 0 d0 /X Do'));
    const font = context.register(context.obj({ Type: 'Font', Subtype: 'Type3', CharProcs: { g: glyph } }));
    return { context, form, font, leaking: form(content) };
  }

  it('follows a glyph without resources into the forms of each resources it is shown with, not only the first', () => {
    const { context, font, form, leaking } = glyphDrawing('/OC /oc1 BDC');
    const balanced = context.obj({ Font: { T3: font }, XObject: { X: form('q Q') } });
    const leakingToo = context.obj({ Font: { T3: font }, XObject: { X: leaking } });
    refuseLeakingResources(context, balanced);
    expect(() => refuseLeakingResources(context, leakingToo)).toThrow(
      /^has a Type 3 font \(\/T3\) with a glyph \(\/g\) that draws a form \(\/X\) that leaves a marked-content sequence \(a layer\) open, which could hide the seal$/,
    );
    // Refused again when asked again: nothing was marked read on the way to the refusal.
    expect(() => refuseLeakingResources(context, leakingToo)).toThrow(ContentError);
  });

  it('walks resources that name themselves once, and refuses streams nested more than 12 deep', () => {
    const { context, font, form } = glyphDrawing('q Q');
    // A form whose resources are the ones drawing it, and draw it again: a cycle, read once.
    const shared = context.obj({ Font: { T3: font } });
    const self = form('/X Do', shared);
    shared.set(PDFName.of('XObject'), context.obj({ X: self }));
    refuseLeakingResources(context, shared);
    // Thirteen forms, each drawing the next from its own resources.
    let inner = form('q Q');
    for (let i = 0; i < 13; i++) inner = form('/X Do', context.obj({ XObject: { X: inner } }));
    const deep = context.obj({ Font: { T3: font }, XObject: { X: inner } });
    expect(() => refuseLeakingResources(context, deep)).toThrow(/nested more than 12 deep/);
  });

  it('reads a shading pattern’s graphics state, and leaves a shading pattern’s data and an unknown font alone', () => {
    const { context, leaking } = glyphDrawing('/OC /oc1 BDC');
    const shading = context.obj({ PatternType: 2, Shading: { ShadingType: 2 }, ExtGState: { SMask: { S: 'Luminosity', G: leaking } } });
    expect(() => refuseLeakingResources(context, context.obj({ Pattern: { Sh: shading } }))).toThrow(/^has a pattern \(\/Sh\) whose graphics state with a soft mask that leaves/);
    const data = context.register(context.stream('(', { PatternType: 2 }));
    refuseLeakingResources(context, context.obj({ Pattern: { Sh: data }, Font: { F: context.obj({ Subtype: 'Type1' }), N: context.obj(null as never) } }));
  });
});

describe('pageResources', () => {
  it('finds a page’s resources up its /Parent chain and down the page tree, both where the two disagree', async () => {
    const doc = await PDFDocument.create();
    const { context } = doc;
    const page = doc.addPage([100, 100]);
    const tree = context.obj({ Font: {} });
    const elsewhere = context.obj({ XObject: {} });
    // The tree node above the page holds `tree`; the page's /Parent names another node, holding `elsewhere`.
    doc.catalog.Pages().set(PDFName.of('Resources'), tree);
    page.node.delete(PDFName.of('Resources'));
    page.node.set(PDFName.of('Parent'), context.register(context.obj({ Type: 'Pages', Kids: [], Count: 0, Resources: elsewhere })));
    expect([...pageResources(context, page.node)]).toEqual([elsewhere, tree]);
    // Its own resources come first for both.
    const own = context.obj({});
    page.node.set(PDFName.of('Resources'), own);
    expect([...pageResources(context, page.node)]).toEqual([own]);
  });
});
