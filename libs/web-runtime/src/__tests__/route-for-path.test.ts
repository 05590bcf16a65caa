import { routeForPath } from '@healthlink/contracts';

describe('routeForPath', () => {
  it('finds static routes, parameterised ones, and nothing for unknown paths', () => {
    expect(routeForPath('/')).toMatchObject({ remote: 'mfe_public', page: 'home' });
    expect(routeForPath('/contact')).toMatchObject({ remote: 'mfe_public', page: 'contact' });
    expect(routeForPath('/contact/')).toMatchObject({ page: 'contact' });
    expect(routeForPath('/app/dashboard?tab=1')).toMatchObject({ remote: 'mfe_dashboard', page: 'dashboard' });
    expect(routeForPath('/intermediary/uhc')).toMatchObject({ path: '/intermediary/:insurerPathParam' });
    expect(routeForPath('/open-ai/some%20question')).toMatchObject({ path: '/open-ai/:query' });
    expect(routeForPath('/nope')).toBeUndefined();
    expect(routeForPath('/about/more')).toBeUndefined();
  });
});
