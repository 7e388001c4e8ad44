// D234: batches match ignoring case and spaces, and a batch no student is in is named with the
// ones it was likely meant to be (issue 48: 'Class 10 Math' made no dues, silently).
import { describe, expect, it } from 'vitest';
import { batchesOf, batchKey, nearBatches } from '../../src/domain/students';

describe('D234 batchKey', () => {
  it.each([
    ['Class 10 Maths', 'class10maths'],
    ['class 10  maths', 'class10maths'],
    ['  CLASS10MATHS ', 'class10maths'],
    ['कक्षा 10 गणित', 'कक्षा10गणित'],
  ])('%j is %j', (batch, key) => {
    expect(batchKey(batch)).toBe(key);
  });

  it('is null for no batch', () => {
    expect(batchKey('')).toBeNull();
    expect(batchKey('   ')).toBeNull();
    expect(batchKey(null)).toBeNull();
  });
});

describe('D234 batchesOf and nearBatches', () => {
  const students = [
    { batch: 'Class 10 Maths' },
    { batch: 'class 10 maths' },
    { batch: 'Class 9' },
    { batch: null },
    { batch: 'Class 12 Physics' },
  ];

  it('counts each batch once whatever its case, named as first written', () => {
    expect(batchesOf(students)).toEqual([
      { batch: 'Class 9', key: 'class9', students: 1 },
      { batch: 'Class 10 Maths', key: 'class10maths', students: 2 },
      { batch: 'Class 12 Physics', key: 'class12physics', students: 1 },
    ]);
  });

  it("offers 'Class 10 Maths' for 'Class 10 Math', nothing for a batch that matches", () => {
    const known = batchesOf(students);
    expect(nearBatches('Class 10 Math', known).map((b) => b.batch)).toEqual(['Class 10 Maths']);
    expect(nearBatches('CLASS 10 MATHS', known)).toEqual([]);
    expect(nearBatches('Dance', known)).toEqual([]);
  });
});
