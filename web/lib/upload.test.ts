import { describe, expect, it } from 'vitest';
import { checkImageFile } from './upload';

const MB = 1024 * 1024;

describe('checkImageFile', () => {
  it('lets images up to 10 MB through', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 10 * MB })).toBeNull();
    expect(checkImageFile({ type: 'image/png', size: 1 })).toBeNull();
  });

  it('refuses other types and SVG with the texts of the specification', () => {
    const invalid = { title: 'Invalid file type', description: 'Please select an image file.' };
    expect(checkImageFile({ type: 'text/plain', size: 10 })).toEqual(invalid);
    expect(checkImageFile({ type: '', size: 10 })).toEqual(invalid);
    expect(checkImageFile({ type: 'image/svg+xml', size: 10 })).toEqual(invalid);
  });

  it('refuses files over the limit', () => {
    expect(checkImageFile({ type: 'image/png', size: 10 * MB + 1 })).toEqual({
      title: 'File too large',
      description: 'Please select an image smaller than 10MB.',
    });
    expect(checkImageFile({ type: 'image/png', size: 6 * MB }, 5 * MB)?.description).toBe(
      'Please select an image smaller than 5MB.',
    );
  });
});
