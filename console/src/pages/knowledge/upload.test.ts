import { describe, expect, it } from 'vitest';
import { documentNameOf, documentTypeOf } from './upload.js';

describe('uploaded files', () => {
  it('get the document type of their extension, or none', () => {
    expect(documentTypeOf('Menu.PDF')).toBe('pdf');
    expect(documentTypeOf('faq.docx')).toBe('docx');
    expect(documentTypeOf('hours.txt')).toBe('txt');
    expect(documentTypeOf('notes.md')).toBe('txt');
    expect(documentTypeOf('photo.jpg')).toBeNull();
    expect(documentTypeOf('README')).toBeNull();
  });

  it('are named after the file without its extension', () => {
    expect(documentNameOf('Opening hours.pdf')).toBe('Opening hours');
    expect(documentNameOf('.txt')).toBe('.txt');
  });
});
