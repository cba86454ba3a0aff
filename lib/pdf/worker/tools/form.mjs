// @ts-check
/**
 * Form filling and flattening (fillPdfForm, flattenPdfForm) with pdf-lib: text fields,
 * checkboxes, radio groups, dropdowns and list boxes, their appearances regenerated in the
 * bundled font (embedded, so non-Latin-1 values render), then optionally made static.
 */
import { PDFCheckBox, PDFDropdown, PDFOptionList, PDFRadioGroup, PDFTextField } from 'pdf-lib';
import { PdfFailure } from '../pdf-failure.mjs';
import { textFont } from './draw.mjs';
/** @typedef {import('pdf-lib').PDFDocument} PDFDocument */
/** @typedef {import('pdf-lib').PDFField} PDFField */

const YES = new Set(['true', 'yes', 'on', '1', 'checked', 'x']);
const NO = new Set(['false', 'no', 'off', '0', 'unchecked', '']);

/** @param {string[]} names */
const listed = (names) => (names.length > 12 ? `${names.slice(0, 12).join(', ')}, …` : names.join(', '));

/**
 * Set one field from its text value, or refuse in words naming the field.
 * @param {PDFField} field
 * @param {string} name
 * @param {string} value
 */
function setField(field, name, value) {
  if (field.isReadOnly()) throw new PdfFailure('BAD_USER_INPUT', `The form field "${name}" is read-only`);
  if (field instanceof PDFTextField) {
    const max = field.getMaxLength();
    if (max !== undefined && [...value].length > max) throw new PdfFailure('BAD_USER_INPUT', `The form field "${name}" holds at most ${max} characters`);
    field.setText(value);
  } else if (field instanceof PDFCheckBox) {
    const v = value.trim().toLowerCase();
    if (YES.has(v)) field.check();
    else if (NO.has(v)) field.uncheck();
    else throw new PdfFailure('BAD_USER_INPUT', `The checkbox "${name}" takes true or false (or yes/no, on/off); got "${value.slice(0, 50)}"`);
  } else if (field instanceof PDFRadioGroup) {
    const options = field.getOptions();
    if (!options.includes(value)) throw new PdfFailure('BAD_USER_INPUT', `The radio group "${name}" has no option "${value.slice(0, 50)}" (its options: ${listed(options)})`);
    field.select(value);
  } else if (field instanceof PDFDropdown) {
    const options = field.getOptions();
    if (!options.includes(value) && !field.isEditable()) throw new PdfFailure('BAD_USER_INPUT', `The dropdown "${name}" has no option "${value.slice(0, 50)}" (its options: ${listed(options)})`);
    field.select(value, !options.includes(value));
  } else if (field instanceof PDFOptionList) {
    const options = field.getOptions();
    if (!options.includes(value)) throw new PdfFailure('BAD_USER_INPUT', `The list "${name}" has no option "${value.slice(0, 50)}" (its options: ${listed(options)})`);
    field.select(value);
  } else {
    throw new PdfFailure('BAD_USER_INPUT', `The form field "${name}" is a ${field.constructor.name.replace(/^PDF/, '').toLowerCase()}, which cannot be filled with a value`);
  }
}

/**
 * Regenerate every field appearance that needs it in the bundled font.
 * @param {PDFDocument} doc
 * @param {string[]} values what the fields now hold (the font must draw them)
 */
async function updateAppearances(doc, values) {
  const form = doc.getForm();
  const texts = form
    .getFields()
    .flatMap((f) => (f instanceof PDFTextField ? [f.getText() ?? ''] : f instanceof PDFDropdown || f instanceof PDFOptionList ? f.getSelected() : []))
    .concat(values);
  const font = await textFont(doc, texts);
  form.updateFieldAppearances(font);
}

/**
 * Fill fields by their full names; every name must exist (else BAD_USER_INPUT naming it and
 * the form's fields). Answers how many were filled.
 * @param {PDFDocument} doc
 * @param {Array<{ name: string; value: string }>} fields
 * @param {boolean} flatten
 */
export async function fillForm(doc, fields, flatten) {
  const form = doc.getForm();
  const all = form.getFields();
  if (all.length === 0) throw new PdfFailure('BAD_USER_INPUT', 'The PDF has no form fields to fill');
  const names = all.map((f) => f.getName());
  for (const { name } of fields) {
    if (!form.getFieldMaybe(name)) throw new PdfFailure('BAD_USER_INPUT', `The form has no field named "${name.slice(0, 100)}" (its fields: ${listed(names)})`);
  }
  for (const { name, value } of fields) setField(form.getField(name), name, value);
  await updateAppearances(
    doc,
    fields.map((f) => f.value),
  );
  if (flatten) form.flatten({ updateFieldAppearances: false });
  return fields.length;
}

/**
 * Make every field static: its appearance drawn on the page, the field removed. Answers how
 * many fields were flattened; a PDF without fields is BAD_USER_INPUT.
 * @param {PDFDocument} doc
 */
export async function flattenForm(doc) {
  const form = doc.getForm();
  const count = form.getFields().length;
  if (count === 0) throw new PdfFailure('BAD_USER_INPUT', 'The PDF has no form fields to flatten');
  await updateAppearances(doc, []);
  form.flatten({ updateFieldAppearances: false });
  return count;
}
