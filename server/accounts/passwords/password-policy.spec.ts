import { messageOf } from '../../common/errors/domain-error';
import { isCommonPassword, passwordProblems } from './password-policy';

describe('password policy', () => {
  it('accepts a long uncommon password without composition rules', () => {
    expect(passwordProblems('correct horse battery staple')).toEqual([]);
    expect(passwordProblems('alllowercaseletters')).toEqual([]);
  });

  it('refuses fewer than 8 characters, counting characters rather than bytes', () => {
    expect(passwordProblems('abc1234')).toEqual([{ code: 'password-too-short', params: { min: 8 } }]);
    expect(passwordProblems('abc1234').map(messageOf)).toEqual(['The password must be at least 8 characters.']);
    expect(passwordProblems('আমারসোনারবাংলা')).toEqual([]);
  });

  it('refuses the most common passwords whatever their case', () => {
    expect(isCommonPassword('password123')).toBe(true);
    expect(isCommonPassword('QWERTY123')).toBe(true);
    expect(isCommonPassword('bangladesh123')).toBe(true);
    expect(passwordProblems('12345678')).toEqual([{ code: 'password-common' }]);
  });
});
