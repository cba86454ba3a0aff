/**
 * Generated engineering documents with known answer pages, for search tests and
 * `npm run bench:search`: each page is a calculation sheet of shared boilerplate (the same
 * words on every page: load, beam, design, steel, concrete…) plus, on some pages, one fact; each
 * fact comes with a question asked in other words than the page's where a person would.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface Fact {
  /** The sentences the page states. */
  text: string;
  /** A question whose answer is that page. */
  question: string;
}

/** Facts of a structural calculation package; page i+1 of a document holds FACTS[offset + i] when there is one. */
export const FACTS: Fact[] = [
  { text: 'The bridge deck is designed for a uniform live load of 4.8 kPa plus the HL-93 design truck. Pedestrian loading on the sidewalk is 3.6 kPa.', question: 'what live load does the deck use?' },
  { text: 'Snow load on the roof: ground snow load pg = 1.9 kPa, exposure factor 1.0, thermal factor 1.1, giving a flat roof snow load of 1.46 kPa.', question: 'what is the roof snow load?' },
  {
    text: 'Wind speed for the site is 115 mph (ultimate, risk category II) with exposure C. Velocity pressure at mean roof height is 28.4 psf.',
    question: 'which wind speed and exposure category apply to the site?',
  },
  {
    text: 'Seismic design category D. The spectral response accelerations are SDS = 1.02 g and SD1 = 0.61 g; the response modification coefficient R is 8 for special moment frames.',
    question: 'what seismic design category and response modification coefficient are used?',
  },
  {
    text: 'The allowable soil bearing pressure from the geotechnical report is 3,000 psf for spread footings bearing on compacted structural fill.',
    question: 'allowable bearing pressure of the soil for footings',
  },
  {
    text: 'Pile foundations: 14-inch square precast prestressed concrete piles driven to refusal, with an allowable axial capacity of 120 kips per pile.',
    question: 'how much axial capacity does each pile have?',
  },
  {
    text: 'Midspan deflection of the transfer girder under live load is 0.42 inches, which is less than the limit of span over 480.',
    question: 'how much does the transfer girder deflect at midspan?',
  },
  {
    text: 'Concrete compressive strength: 5,000 psi for columns and shear walls, 4,000 psi for slabs on grade and footings, at 28 days.',
    question: 'what compressive strength is specified for column concrete?',
  },
  { text: 'Reinforcing bars are ASTM A615 Grade 60; welded reinforcement at the embeds is ASTM A706 Grade 60.', question: 'what grade of rebar is used?' },
  { text: 'Structural steel wide flange shapes are ASTM A992 with Fy = 50 ksi; hollow structural sections are ASTM A500 Grade C.', question: 'yield strength of the wide flange steel shapes' },
  { text: 'Anchor rods at the column base plates are ASTM F1554 Grade 36, 1-inch diameter, with a 12-inch embedment and a hooked end.', question: 'anchor rod diameter and embedment at base plates' },
  {
    text: 'The fire resistance rating of the floor assembly is 2 hours, achieved with spray-applied fireproofing on beams and a 3.25-inch lightweight topping.',
    question: 'what fire rating does the floor assembly have?',
  },
  {
    text: 'Thermal expansion joint spacing along the parking structure is 180 feet, with a 2-inch joint width sized for a 100 degree temperature swing.',
    question: 'how far apart are the expansion joints?',
  },
  {
    text: 'The retaining wall is checked for overturning with a factor of safety of 2.1 and for sliding with a factor of safety of 1.6, using an active earth pressure coefficient Ka of 0.33.',
    question: 'factor of safety against overturning for the retaining wall',
  },
  {
    text: 'Floor vibration: the walking excitation check per AISC Design Guide 11 gives a peak acceleration of 0.38 percent of gravity, under the 0.5 percent office limit.',
    question: 'does the floor pass the footfall vibration criterion?',
  },
  { text: 'Bolted connections use ASTM F3125 Grade A325 bolts, 3/4-inch diameter, snug tight unless noted as slip critical.', question: 'which bolts are used in the connections?' },
  { text: 'Fillet welds are made with E70XX electrodes; the minimum fillet weld size for the 3/4-inch plates is 1/4 inch.', question: 'what electrode classification is specified for welding?' },
  {
    text: 'The post-tensioned slab uses unbonded monostrand tendons of 0.5-inch diameter with an effective prestress of 26.5 kips per tendon.',
    question: 'effective force per tendon in the post-tensioned slab',
  },
  { text: 'Crane runway girders support a 10-ton bridge crane; vertical impact is taken as 25 percent of the maximum wheel load.', question: 'what impact factor is applied for the crane?' },
  { text: "Masonry walls are 8-inch CMU with f'm = 2,000 psi, fully grouted at reinforced cells, with #5 bars at 24 inches on center.", question: 'masonry compressive strength of the block walls' },
  { text: 'The timber roof trusses are spaced at 24 inches on center and use Douglas fir-larch No. 2 lumber for the chords.', question: 'what wood species and grade do the truss chords use?' },
  { text: 'Drift limits: the allowable story drift is 0.020 times the story height; the computed maximum drift is 0.014 at level 3.', question: 'what is the maximum computed story drift?' },
  { text: 'Corrosion protection: all exterior steel is hot-dip galvanized per ASTM A123, and the parking deck rebar is epoxy coated.', question: 'how is exterior steel protected against rust?' },
  { text: 'The elevator machine room floor is designed for a concentrated load of 2,000 pounds over a 2.5 foot square area.', question: 'concentrated load in the elevator machine room' },
  {
    text: 'Lateral earth pressure at rest on the basement walls is an equivalent fluid pressure of 60 pcf, plus a surcharge of 250 psf from traffic.',
    question: 'equivalent fluid pressure on the basement walls',
  },
  { text: 'The shear wall boundary elements are confined with #4 hoops at 4 inches over a length of 24 inches from each wall end.', question: 'how are the shear wall boundary elements confined?' },
  {
    text: 'Composite beams have 3/4-inch headed shear studs at 12 inches, for 50 percent composite action with the 6.25-inch slab.',
    question: 'spacing of the shear connectors on the composite beams',
  },
  { text: 'The mat foundation is 4 feet thick and bears on rock; differential settlement is estimated at 0.25 inches.', question: 'how thick is the mat foundation?' },
  { text: 'Ponding on the low-slope roof was checked: the roof framing stiffness satisfies Cp + 0.9 Cs below 0.25.', question: 'was rain ponding instability on the roof checked?' },
  { text: 'The canopy cantilever of 12 feet is framed with tapered plate girders and tied back to the level 2 diaphragm.', question: 'how long is the canopy overhang?' },
  { text: 'The diaphragm is 3-inch 18-gauge composite steel deck with 4.5 inches of normal weight concrete fill, rated for a shear of 2,400 plf.', question: 'what is the diaphragm shear capacity?' },
  { text: 'Punching shear at the flat plate columns governs; stud rails are provided at interior columns where the stress ratio exceeds 0.9.', question: 'where are stud rails needed for punching?' },
  {
    text: 'Fatigue of the sign structure connections is checked for category E prime details with a constant amplitude threshold of 2.6 ksi.',
    question: 'fatigue detail category of the sign structure',
  },
  {
    text: 'The underground water tank walls are designed for hydrostatic pressure with a durability factor of 1.3 and crack width control of 0.010 inches.',
    question: 'what crack width is allowed for the water tank walls?',
  },
  { text: 'The stair stringers are C10x15.3 channels spanning 16 feet between landings, with a live load of 100 psf.', question: 'what section are the stair stringers?' },
  {
    text: 'The guardrail is designed for a 200 pound concentrated load applied in any direction at the top rail, and 50 plf along the rail.',
    question: 'which load must the handrail resist at the top?',
  },
  { text: 'Progressive collapse was evaluated by the alternate path method with removal of one perimeter column at a time.', question: 'how was disproportionate collapse evaluated?' },
  { text: 'The façade anchors are stainless steel type 316 with a design wind suction of 45 psf at the building corners.', question: 'what material are the cladding anchors?' },
  { text: 'Creep and shrinkage of the transfer slab are included with a long-term multiplier of 2.0 on sustained load deflections.', question: 'long term deflection multiplier for sustained loads' },
  { text: 'Bearing pads at the precast beam seats are 1/2-inch neoprene, durometer 60, with a maximum bearing stress of 800 psi.', question: 'what hardness are the neoprene bearing pads?' },
  {
    text: 'The roof drains are sized for a rainfall intensity of 3.2 inches per hour; secondary overflow scuppers limit water depth to 2 inches.',
    question: 'rainfall intensity used for roof drainage',
  },
  { text: 'The equipment platform supports a 12,000 pound air handling unit on vibration isolators with a 1-inch static deflection.', question: 'weight of the rooftop air handler on the platform' },
  {
    text: 'Helical piers for the addition have a torque correlation factor of 9 per foot and a required installation torque of 5,500 foot-pounds.',
    question: 'installation torque required for the helical piles',
  },
  { text: 'The parking structure ramps have a slope of 5 percent and the deck is sealed with a traffic membrane at the entrance level.', question: 'how steep are the parking ramps?' },
  {
    text: 'Sound transmission: the demising walls between units reach STC 55 with double stud framing and two layers of gypsum board each side.',
    question: 'acoustic rating of the walls between apartments',
  },
];

/** Boilerplate sentences every sheet carries some of: the words the facts share with their surroundings. */
const FILLER = [
  'This sheet is part of the structural calculation package prepared for permit review.',
  'Loads and load combinations follow the governing building code and ASCE 7 unless noted otherwise.',
  'Members were checked for strength and serviceability using the design values listed on the general notes.',
  'Steel beams, concrete slabs and foundations are designed by the engineer of record.',
  'Refer to the drawings for dimensions, elevations and the location of each structural element.',
  'Design values shown here are factored unless they are stated as service loads.',
  'The contractor shall verify field conditions before fabrication and report any discrepancy to the engineer.',
  'Calculations are based on the architectural layout current at the date of this revision.',
  'Connections not detailed on the drawings are designed by the fabricator under a delegated design submittal.',
  'Analysis was performed with a three-dimensional model including the gravity and lateral systems.',
];

/** The text of page `page` (1-based) of generated document `doc`, and the fact it holds, if any. */
export function pageText(doc: number, page: number, pages: number, facts: Fact[] = FACTS, factsPerDocument = 15): { lines: string[]; fact: Fact | null } {
  const factIndex = page <= factsPerDocument ? doc * factsPerDocument + page - 1 : -1;
  const fact = factIndex >= 0 && factIndex < facts.length ? facts[factIndex] : null;
  const filler = [0, 1, 2, 3].map((k) => FILLER[(doc * 7 + page * 3 + k * 5) % FILLER.length]);
  const body = [`Sheet S-${100 + page} of ${pages}. Project calculations, document ${doc + 1}.`, ...filler.slice(0, 2), ...(fact ? [fact.text] : []), ...filler.slice(2)];
  return { lines: body, fact };
}

/** Word-wrap a paragraph to lines of at most `width` characters. */
function wrap(text: string, width = 95): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A generated document of `pages` pages (each paragraph separated by a blank line's space),
 * `scanned` pages drawn as a gray box with no text layer.
 */
export async function generatePackage({ doc, pages, scanned = [], extra = {} }: { doc: number; pages: number; scanned?: number[]; extra?: Record<number, string> }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= pages; p++) {
    const sheet = pdf.addPage([612, 792]);
    if (scanned.includes(p)) {
      sheet.drawRectangle({ x: 72, y: 200, width: 468, height: 500, borderWidth: 1 });
      continue;
    }
    let y = 740;
    const paragraphs = [...pageText(doc, p, pages).lines, ...(extra[p] ? [extra[p]] : [])];
    for (const paragraph of paragraphs) {
      for (const line of wrap(paragraph.replace(/[^\x20-\x7e]/g, (c) => (c === 'ç' ? 'c' : ' ')))) {
        sheet.drawText(line, { x: 54, y, size: 10, font });
        y -= 13;
      }
      y -= 13; // a blank line between paragraphs
    }
  }
  return pdf.save();
}

/** The questions of the generated documents 0..docs-1 of `pages` pages each, with the document and page that answer them. */
export function questionsOf(docs: number, pages: number, factsPerDocument = 15): { doc: number; page: number; question: string }[] {
  const out: { doc: number; page: number; question: string }[] = [];
  for (let doc = 0; doc < docs; doc++) {
    for (let page = 1; page <= pages; page++) {
      const { fact } = pageText(doc, page, pages, FACTS, factsPerDocument);
      if (fact) out.push({ doc, page, question: fact.question });
    }
  }
  return out;
}
