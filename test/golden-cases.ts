/** The representative stamps kept as golden PNGs under test/golden (`npm run test:goldens:update` rewrites them). */
export const GOLDEN_CASES: Record<string, Record<string, string>> = {
  'tx-engineer': { name: 'Priya Raman', license: '112233', state: 'TX', profession: 'engineer' },
  'ca-civil-engineer': { name: 'Ana García', license: '88123', state: 'CA', profession: 'civil-engineer', discipline: 'Civil' },
  'ny-architect': { name: 'Robert Mackintosh', license: '034521', state: 'New York', profession: 'architect' },
  'fl-land-surveyor': { name: 'Luis Herrera', license: 'LS7781', state: 'FL', profession: 'land-surveyor' },
  'ks-landscape-architect': { name: 'Jane Q. Engineer', license: '12345', state: 'KS', profession: 'landscape-architect' },
  'nc-engineer-dated': { name: 'José Núñez', license: '033456', state: 'NC', profession: 'engineer', date: '11/22/2026' },
  'mo-engineer-blue-bold': { name: 'Dana Demo', license: '2020012345', state: 'MO', profession: 'engineer', fill: '#1f3f8f', font_weight: 'bold' },
  'ky-architect': { name: 'Helen Whitaker', license: '4521', state: 'KY', profession: 'architect' },
  'az-structural-engineer': { name: 'Mei-Ling Chen', license: '54321', state: 'AZ', profession: 'structural-engineer', date: '2026-11-22' },
  'wi-land-surveyor-city': { name: 'Sam Lee', license: '40231', state: 'WI', profession: 'land-surveyor', city: 'Madison' },
  'pa-engineer-long-name': { name: "Aleksandra O'Brien-Łukasiewicz Montgomery-Featherstonehaugh", license: 'PE098765', state: 'PA', profession: 'mechanical-engineer' },
  'oh-landscape-styled': { name: 'Olivia Park', license: 'LA.0012', state: 'OH', profession: 'landscape-architect', font_family: "Georgia, 'Times New Roman', serif", font_style: 'italic', stroke: '#7a1f1f', stroke_width: '0.3', fill: '#7a1f1f', letter_spacing: '0.5px' },
  // The long-text cases of the hardening review: one size per block, the number with its prefix, kerned rings.
  'tx-long-name': { name: 'Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh de la Cruz', license: '123456789', state: 'TX', profession: 'engineer' },
  'tx-long-license': { name: 'Jane Q. Engineer', license: '1234567890123456789012345', state: 'TX', profession: 'engineer' },
  'ny-engineer-40px': { name: 'Jane Q. Engineer', license: '123456', state: 'NY', profession: 'engineer', font_size: '40px' },
  'ks-ring-kerning': { name: 'Bartholomew Montgomery', license: '12345', state: 'KS', profession: 'architect' },
  'ca-long-name': { name: 'Christopher Alexander Montgomery', license: '88123', state: 'CA', profession: 'civil-engineer' },
  'wa-long-name': { name: 'Elizabeth Anne Worthington-Smythe', license: '44556', state: 'WA', profession: 'engineer' },
};
