import { JobRegistry } from './job-registry';

describe('JobRegistry', () => {
  const handle = jest.fn();

  it('keeps one definition per queue', () => {
    const registry = new JobRegistry();
    registry.register({ queue: 'rank-plans', handle });
    expect(registry.has('rank-plans')).toBe(true);
    expect(() => registry.register({ queue: 'rank-plans', handle })).toThrow('already registered');
  });

  it('refuses invalid queue names', () => {
    expect(() => new JobRegistry().register({ queue: 'Rank Plans', handle })).toThrow('Invalid queue name');
  });

  it('refuses registrations once the queues have started', () => {
    const registry = new JobRegistry();
    registry.register({ queue: 'a', handle });
    expect(registry.freeze().map((d) => d.queue)).toEqual(['a']);
    expect(() => registry.register({ queue: 'b', handle })).toThrow('registered after start');
  });
});
