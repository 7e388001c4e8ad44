// D209: which of a tutor's words a platform text may carry, by worked examples.
import { describe, expect, it } from 'vitest';
import {
  studentsForText,
  TEXT_VARIABLE_MAX_LENGTH,
  tutorWordsProblem,
  wordsForText,
} from '../../src/domain/tutorWords';

const problem = (text: string) => tutorWordsProblem(text, 60);

describe("a tutor's words in a platform text (D209)", () => {
  it('lets the names tutors give their plans through', () => {
    for (const name of [
      'Maths',
      'Class 10 Maths (CBSE)',
      'CBSE XII Maths',
      'NEET 2025',
      'JEE Mains crash course',
      'Session 2025-2026',
      'Std. X Science, Vol. II',
      'गणित कक्षा 10',
      'Rs.500 books',
      "Mrs D'Souza's piano",
    ]) {
      expect(problem(name), name).toBeNull();
    }
  });

  it('refuses web addresses, with or without a scheme', () => {
    for (const name of [
      'URGENT pay at evil.example/x or lose seat',
      'fees: https://pay.me',
      'see www.tuition',
      'bit.ly/fees',
      'pay on upi.me',
      'mail fees@tutor.in',
      'http://10.0.0.1/pay',
    ]) {
      expect(problem(name), name).toBe('link');
    }
  });

  it('refuses phone numbers, however they are written', () => {
    for (const name of [
      'Call 9876543210',
      'Call +91 98765 43210',
      'WhatsApp 98765-43210',
      'Helpline 1800 123 4567',
      'कॉल करें ९८७६५४३२१०',
    ]) {
      expect(problem(name), name).toBe('phone');
    }
  });

  it('refuses shouting: mostly upper case', () => {
    expect(problem('PAY NOW OR LOSE SEAT')).toBe('shouting');
    expect(problem('IIT JEE CRASH COURSE')).toBe('shouting');
    expect(problem('PAY FEES TODAY now')).toBe('shouting');
    // A short acronym is not shouting; nor is a script without capitals.
    expect(problem('CBSE')).toBeNull();
    expect(problem('URGENT fees')).toBeNull();
  });

  it('refuses words longer than the text allows', () => {
    expect(problem('M'.repeat(10) + 'aths'.repeat(13))).toBe('too_long');
    expect(tutorWordsProblem('Maths (Feb 2025), Books and 2 more', TEXT_VARIABLE_MAX_LENGTH)).toBe(
      'too_long',
    );
  });

  it('puts neutral words in a text where the tutor’s break a rule', () => {
    expect(wordsForText('Maths', 60, 'Tuition fee')).toBe('Maths');
    expect(wordsForText('Pay at evil.example/x', 60, 'Tuition fee')).toBe('Tuition fee');
    expect(wordsForText('CALL 9876543210 NOW', 60, 'Tuition fee')).toBe('Tuition fee');
  });
});

describe('D240 studentsForText: whom a reminder is for, in one variable', () => {
  it('names the students, else their first names, else the first one cut to fit', () => {
    expect(studentsForText(['Aarav Sharma', 'Aarav Sharma'])).toBe('Aarav Sharma');
    expect(studentsForText(['Aarav Sharma', 'Diya Sharma'])).toBe('Aarav Sharma, Diya Sharma');
    expect(studentsForText(['Aarav Venkataraman', 'Diya Venkataraman'])).toBe('Aarav, Diya');
    expect(studentsForText(['Muthulakshmiraghavendranathan Iyer'])).toBe(
      'Muthulakshmiraghavendranathan',
    );
    expect(studentsForText(['Muthulakshmiraghavendranathanan Iyer'])).toHaveLength(30);
  });

  it('writes no name the rules refuse', () => {
    expect(studentsForText(['pay.example/x'])).toBe('');
  });
});
