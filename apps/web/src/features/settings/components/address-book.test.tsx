import type { Address } from '@marco/contract/accounts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { AddressBook } from './address-book';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const names = (name: string) => ({ en: name, tr: name, ar: name, de: name, es: name, fr: name, it: name, ru: name });
const country = (n: number, code: string, name: string) => ({
  id: id(n),
  code,
  name,
  names: names(name),
  lat: 0,
  lng: 0,
});
const state = (n: number, countryId: string, name: string) => ({
  id: id(n),
  code: name,
  countryId,
  name,
  names: names(name),
});
const city = (n: number, countryId: string, stateId: string, name: string) => ({
  id: id(n),
  key: name.toLowerCase(),
  countryId,
  stateId,
  name,
  names: names(name),
  lat: 0,
  lng: 0,
  timezone: 'UTC',
});

const turkey = country(1, 'TR', 'Turkey');
const france = country(2, 'FR', 'France');
const istanbulProvince = state(11, turkey.id, 'Istanbul Province');
const antalyaProvince = state(12, turkey.id, 'Antalya Province');
const ileDeFrance = state(13, france.id, 'Île-de-France');
const istanbul = city(21, turkey.id, istanbulProvince.id, 'Istanbul');
const antalya = city(22, turkey.id, antalyaProvince.id, 'Antalya');
const paris = city(23, france.id, ileDeFrance.id, 'Paris');
const allStates = [istanbulProvince, antalyaProvince, ileDeFrance];
const allCities = [istanbul, antalya, paris];

type Body = {
  id?: string;
  countryId: string;
  stateId?: string | null;
  cityId?: string | null;
  street?: string | null;
  postalCode?: string | null;
  isDefault?: boolean;
};

/** An in-memory address-public API with the server's default rule, recording what was sent. */
function serveAddresses(initial: Address[] = []) {
  let addresses = [...initial];
  let next = 100;
  const sent: Array<{ method: string; body?: Body; path: string }> = [];
  const nameOf = <T extends { id: string; name: string }>(list: T[], placeId: string | null | undefined) =>
    list.find((item) => item.id === placeId)?.name ?? null;
  const toAddress = (body: Body, addressId: string, isDefault: boolean): Address => ({
    id: addressId,
    countryId: body.countryId,
    countryName: nameOf([turkey, france], body.countryId) ?? '',
    stateId: body.stateId ?? null,
    stateName: nameOf(allStates, body.stateId),
    cityId: body.cityId ?? null,
    cityName: nameOf(allCities, body.cityId),
    street: body.street ?? null,
    postalCode: body.postalCode ?? null,
    isDefault,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
  });
  const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Body;
  const fetchMock = mockFetch({
    'GET /api/app/address-public/get-countries': { data: [turkey, france] },
    'GET /api/app/address-public/get-states': (url: URL) =>
      jsonResponse({ data: allStates.filter((item) => item.countryId === url.searchParams.get('countryId')) }),
    'GET /api/app/address-public/get-cities': (url: URL) =>
      jsonResponse({
        data: allCities.filter(
          (item) =>
            item.countryId === url.searchParams.get('countryId') &&
            (!url.searchParams.get('stateId') || item.stateId === url.searchParams.get('stateId')),
        ),
      }),
    'GET /api/app/address-public/get-user-address': () => jsonResponse({ data: addresses }),
    'POST /api/app/address-public/create-user-address': (url: URL, init: RequestInit | undefined) => {
      const body = bodyOf(init);
      sent.push({ method: 'POST', body, path: url.pathname });
      const isDefault = addresses.length === 0 || body.isDefault === true;
      if (isDefault) addresses = addresses.map((item) => ({ ...item, isDefault: false }));
      const created = toAddress(body, id(next++), isDefault);
      addresses.push(created);
      return jsonResponse(created);
    },
    'PUT /api/app/address-public/update-user-address': (url: URL, init: RequestInit | undefined) => {
      const body = bodyOf(init);
      sent.push({ method: 'PUT', body, path: url.pathname });
      const old = addresses.find((item) => item.id === body.id);
      if (!old) return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Address not found' } }, { status: 404 });
      const isDefault = body.isDefault === true || old.isDefault;
      if (body.isDefault) addresses = addresses.map((item) => ({ ...item, isDefault: false }));
      const updated = toAddress(body, old.id, isDefault);
      addresses = addresses.map((item) => (item.id === old.id ? updated : item));
      return jsonResponse(updated);
    },
  });
  const deleteRoute = (url: URL) => {
    const addressId = url.pathname.split('/').at(-1);
    sent.push({ method: 'DELETE', path: url.pathname });
    const removed = addresses.find((item) => item.id === addressId);
    addresses = addresses.filter((item) => item.id !== addressId);
    const [oldest] = addresses;
    if (removed?.isDefault && oldest) oldest.isDefault = true;
    return jsonResponse({ success: true });
  };
  const answer = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'DELETE' && url.pathname.startsWith('/api/app/address-public/delete-user-address/')) {
      return deleteRoute(url);
    }
    if (!answer) throw new Error('no fetch mock');
    return answer(input, init);
  });
  return { sent, fetchMock };
}

const stored = (n: number, fields: Partial<Address> = {}): Address => ({
  id: id(n),
  countryId: turkey.id,
  countryName: 'Turkey',
  stateId: istanbulProvince.id,
  stateName: 'Istanbul Province',
  cityId: istanbul.id,
  cityName: 'Istanbul',
  street: `İstiklal Caddesi ${n}`,
  postalCode: '34430',
  isDefault: false,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...fields,
});

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));
const dialog = () => screen.getByRole('dialog');
const cardOf = (street: string) => {
  const card = screen.getByText(street).closest('article');
  if (!card) throw new Error(`no card for ${street}`);
  return within(card);
};

function renderBook() {
  return renderWithRouter(<AddressBook />, { path: '/en/settings' });
}

describe('the address book', () => {
  it('shows a loading placeholder, then an empty state, and adds a first address as the default', async () => {
    const user = userEvent.setup();
    const { sent } = serveAddresses();
    renderBook();
    expect(screen.getByText('Loading your addresses…')).toHaveAttribute('role', 'status');
    expect(await screen.findByText('No addresses yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add address' }));
    expect(within(dialog()).getByText('This is your first address, so it becomes your default.')).toBeInTheDocument();
    const countrySelect = await within(dialog()).findByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(countrySelect).toBeEnabled());
    await user.selectOptions(countrySelect, 'Turkey');
    const stateSelect = within(dialog()).getByRole('combobox', { name: 'State, province or region' });
    await waitFor(() => expect(stateSelect).toBeEnabled());
    await user.selectOptions(stateSelect, 'Istanbul Province');
    const citySelect = within(dialog()).getByRole('combobox', { name: 'City' });
    await waitFor(() => expect(within(citySelect).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(citySelect, 'Istanbul');
    await user.type(within(dialog()).getByLabelText('Street and number'), 'İstiklal Caddesi 1');
    await user.type(within(dialog()).getByLabelText('Postal code'), '34430');
    await user.click(within(dialog()).getByRole('button', { name: 'Save address' }));

    expect(await toasts().findByText('Address added')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/app/address-public/create-user-address',
        body: {
          countryId: turkey.id,
          stateId: istanbulProvince.id,
          cityId: istanbul.id,
          street: 'İstiklal Caddesi 1',
          postalCode: '34430',
        },
      },
    ]);
    const card = await screen.findByRole('article', { name: 'Istanbul, Turkey' });
    expect(within(card).getByText('Default')).toBeInTheDocument();
    expect(within(card).getByText('34430 Istanbul')).toBeInTheDocument();
  });

  it('says a country is needed, at the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const { sent } = serveAddresses();
    renderBook();
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save address' }));

    const countrySelect = within(dialog()).getByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(countrySelect).toHaveAccessibleDescription('Choose a country'));
    expect(countrySelect).toHaveAttribute('aria-invalid', 'true');
    expect(countrySelect).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('clears the state and city when the country changes, and offers the new country’s lists', async () => {
    const user = userEvent.setup();
    const { fetchMock } = serveAddresses([stored(1, { isDefault: true })]);
    renderBook();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const stateSelect = within(dialog()).getByRole('combobox', { name: 'State, province or region' });
    const citySelect = within(dialog()).getByRole('combobox', { name: 'City' });
    await waitFor(() => expect(stateSelect).toHaveDisplayValue('Istanbul Province'));
    await waitFor(() => expect(citySelect).toHaveDisplayValue('Istanbul'));

    await user.selectOptions(within(dialog()).getByRole('combobox', { name: 'Country' }), 'France');
    expect(stateSelect).toHaveValue('');
    expect(citySelect).toHaveValue('');
    await waitFor(() =>
      expect(
        within(stateSelect)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose (optional)', 'Île-de-France']),
    );
    expect(
      within(citySelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose (optional)', 'Paris']);
    const cityCalls = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith('/get-cities'));
    expect(cityCalls.at(-1)?.searchParams.get('countryId')).toBe(france.id);

    // A state narrows the cities to that state's.
    await user.selectOptions(within(dialog()).getByRole('combobox', { name: 'Country' }), 'Turkey');
    await waitFor(() => expect(within(stateSelect).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(stateSelect, 'Antalya Province');
    await waitFor(() =>
      expect(
        within(citySelect)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose (optional)', 'Antalya']),
    );
  });

  it('edits an address and gives the focus back to its Edit button', async () => {
    const user = userEvent.setup();
    const { sent } = serveAddresses([stored(1, { isDefault: true })]);
    renderBook();
    const edit = await screen.findByRole('button', { name: 'Edit' });
    await user.click(edit);
    expect(within(dialog()).getByText('This is your default address. To change that, set another address as default.'));
    const street = within(dialog()).getByLabelText('Street and number');
    await user.clear(street);
    await user.type(street, 'Bağdat Caddesi 5');
    await user.click(within(dialog()).getByRole('button', { name: 'Save address' }));

    expect(await toasts().findByText('Address saved')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      body: { id: id(1), countryId: turkey.id, cityId: istanbul.id, street: 'Bağdat Caddesi 5', postalCode: '34430' },
    });
    expect(sent[0]?.body).not.toHaveProperty('isDefault');
    expect(await screen.findByText('Bağdat Caddesi 5')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus());
  });

  it('makes another address the default, leaving exactly one', async () => {
    const user = userEvent.setup();
    const { sent } = serveAddresses([stored(1, { isDefault: true }), stored(2)]);
    renderBook();
    await screen.findByText('İstiklal Caddesi 2');
    expect(cardOf('İstiklal Caddesi 1').getByText('Default')).toBeInTheDocument();
    expect(cardOf('İstiklal Caddesi 1').queryByRole('button', { name: 'Set as default' })).toBeNull();

    await user.click(cardOf('İstiklal Caddesi 2').getByRole('button', { name: 'Set as default' }));

    expect(await toasts().findByText('Default address changed')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ method: 'PUT', body: { id: id(2), isDefault: true } });
    await waitFor(() => expect(cardOf('İstiklal Caddesi 2').queryByText('Default')).toBeInTheDocument());
    expect(cardOf('İstiklal Caddesi 1').queryByText('Default')).toBeNull();
    expect(screen.getAllByText('Default')).toHaveLength(1);
    expect(cardOf('İstiklal Caddesi 2').getByRole('button', { name: 'Edit' })).toHaveFocus();
  });

  it('offers to make an edited address the default', async () => {
    const user = userEvent.setup();
    const { sent } = serveAddresses([stored(1, { isDefault: true }), stored(2)]);
    renderBook();
    await screen.findByText('İstiklal Caddesi 2');
    await user.click(cardOf('İstiklal Caddesi 2').getByRole('button', { name: 'Edit' }));
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Make this my default address' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save address' }));

    await toasts().findByText('Address saved');
    expect(sent[0]).toMatchObject({ method: 'PUT', body: { id: id(2), isDefault: true } });
    await waitFor(() => expect(cardOf('İstiklal Caddesi 2').queryByText('Default')).toBeInTheDocument());
  });

  it('asks before deleting; cancelling gives the focus back to the Delete button', async () => {
    const user = userEvent.setup();
    const { sent } = serveAddresses([stored(1, { isDefault: true })]);
    renderBook();
    const remove = await screen.findByRole('button', { name: 'Delete' });
    await user.click(remove);
    expect(dialog()).toHaveAccessibleName('Delete this address?');
    expect(dialog()).toHaveAccessibleDescription('You are about to delete İstiklal Caddesi 1, Istanbul, Turkey.');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(remove).toHaveFocus());
    expect(sent).toEqual([]);
    expect(screen.getByText('İstiklal Caddesi 1')).toBeInTheDocument();
  });

  it('deletes the default address, passes the default on and puts the focus on Add address', async () => {
    const user = userEvent.setup();
    const { sent } = serveAddresses([stored(1, { isDefault: true }), stored(2)]);
    renderBook();
    await screen.findByText('İstiklal Caddesi 2');
    await user.click(cardOf('İstiklal Caddesi 1').getByRole('button', { name: 'Delete' }));
    expect(
      within(dialog()).getByText(
        'This is your default address: your oldest remaining address will become the default. This cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Delete address' }));

    expect(await toasts().findByText('Address deleted')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', path: `/api/app/address-public/delete-user-address/${id(1)}` }]);
    await waitFor(() => expect(screen.queryByText('İstiklal Caddesi 1')).toBeNull());
    expect(cardOf('İstiklal Caddesi 2').getByText('Default')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add address' })).toHaveFocus());
  });

  it('says when the addresses cannot be loaded and loads them again on request', async () => {
    const user = userEvent.setup();
    let fails = true;
    serveAddresses([stored(1, { isDefault: true })]);
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (fails && String(input).includes('/get-user-address')) {
        return jsonResponse({ error: { code: 'SERVER_ERROR', message: 'Server error' } }, { status: 500 });
      }
      if (!answer) throw new Error('no fetch mock');
      return answer(input, init);
    });
    renderBook();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your addresses could not be loaded');
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('İstiklal Caddesi 1')).toBeInTheDocument();
  });
});
