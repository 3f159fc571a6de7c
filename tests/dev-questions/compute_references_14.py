#!/usr/bin/env python3
"""References of development set 14 (tests/dev-questions/questions-dev-14.jsonl), computed blind and independently.

Set 14 is about COMBINED ASKS: a statistic together with a comparison, a combination, a rank or an order of
statistics. Comparisons of two dates, two periods (months, seasons, halves of the year) or two image parts (north vs
south half, west vs east, a quadrant vs the rest) as a signed difference ("A minus B", "how much cooler was A than B",
"by how many degrees did X exceed Y", "the drop from A to B"), an absolute difference, a ratio ("how many times",
"what multiple of"), a percent change with its base stated, percentage points between two shares; ranks and
extremes (the date of the max / min of a stated per-date statistic, the value of another statistic on that date);
order of statistics (median of per-date maxima, max of per-date medians, mean of per-date p90s, pooled p90 minus the
mean of per-date p90s, std of the per-date means, range of the monthly means, the lowest monthly mean, the median of
the per-date means); yes/no asks that also ask the value; answer forms (°F differences = 1.8 x K, fractions, km2 and
ha differences of areas meeting a condition); refusals (bare yes/no, ranks below the first, an undefined statistic,
a percent change with no base, a tie, a date with no acquisition, a variable no file holds).

Every value is chosen so that a misreading gives a number outside the tolerance; `misreadings` keeps the values of
the plausible wrong readings (sign swapped, the other statistic, the other order of statistics, the inverse ratio,
the other base, percentage points for a percent change, pooled for the mean of means, kelvin for °F, the +32 offset,
the sample std, the other NDVI reading where the question states one, ...) and `put` asserts each lies outside the
tolerance.

GDAL 3.6 + numpy, float64, population std. LST = DN / 50 K (DN 0 nodata), NDVI = DN / 10000 (nodata -32768; the 0..1
reading and the reading keeping negatives, spanned where the question does not state one), TVDI per the benchmark
README with both bin-edge assignments, periods = mean of per-date means unless pooled, dates with no valid LST left
out, halves split with both floor and ceil cuts (rows 1286 / 1287, columns 1299 / 1300; Landsat rows 129 / 130,
columns 127 / 128), Landsat TOA = 2e-5 DN - 0.1 without sun-elevation correction, BT from the MTL, BQA bit 0 fill,
bit 4 cloud. Percentiles exactly from DN histograms (numpy's linear / lower / higher / nearest, checked against
np.percentile), pooled sums from integer DN sums. One date in memory at a time.

Run from the project root: /usr/bin/python3 tests/dev-questions/compute_references_14.py   (~1-2 min on 2 cores)
Writes tests/dev-questions/references-14.json.
"""
import datetime as dt
import json
import math
import os
import sys
import time

import numpy as np
from osgeo import gdal

gdal.UseExceptions()
HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED') or os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared'))
Q46 = os.path.join(SHARED, 'benchmarks', 'earthbench-q46', 'files')
LSDIR = os.path.join(SHARED, 'fixtures', 'landsat8_L1TP_016037_20170813')
LSP = os.path.join(LSDIR, 'LC08_L1TP_016037_20170813_20170814_01_RT_')
OUT = os.path.join(HERE, 'references-14.json')

T0 = time.time()
INTERP = ('linear', 'lower', 'higher', 'nearest')
DATES = sorted({n.split('_')[1] for n in os.listdir(Q46) if n.endswith('.tif')})
assert len(DATES) == 23
R_EARTH = 6378137.0
E2 = 0.00669437999014
NR, NC = 2573, 2599
RE = (0, 1286, 1287, NR)   # row block edges: north half = rows < 1286 or < 1287
CE = (0, 1299, 1300, NC)   # column block edges: west half = columns < 1299 or < 1300
ZERO_C_DN = 13657.5        # 0 °C = DN 13657.5: no pixel lies on it
C35_DN = 15407.5           # 35 °C = 308.15 K = DN 15407.5: no pixel lies on it


def band(path, i=1):
    ds = gdal.Open(path)  # keep the dataset alive while its band is read (GDAL 3.6 segfaults otherwise)
    b = ds.GetRasterBand(i)
    a = b.ReadAsArray()
    del b, ds
    return a


def k2c(k):
    return k - 273.15


def k2f(k):
    return (k - 273.15) * 1.8 + 32


# ======================================================================================== exact percentiles
def hist_value(cum, offset, k):
    return int(np.searchsorted(cum, k, side='right')) + offset


def hpct(hist, offset, q, scale):
    """np.percentile(values, q, method=m) for the four methods, from a histogram of integer DNs (value = DN / scale)."""
    cum = np.cumsum(hist)
    n = int(cum[-1])
    h = (n - 1) * (q / 100.0)
    lo, hi = math.floor(h), math.ceil(h)
    vlo, vhi = hist_value(cum, offset, lo) / scale, hist_value(cum, offset, hi) / scale
    g = h - lo
    return {'linear': vlo + (vhi - vlo) * g, 'lower': vlo, 'higher': vhi,
            'nearest': hist_value(cum, offset, int(np.around(h))) / scale}


def selfcheck_percentiles(ldn, lv, ndn, nl):
    t = ldn[lv]
    hl = np.bincount(t, minlength=65536)
    nd = ndn[nl]
    hn = np.bincount(nd + 32768, minlength=65536)
    for q in (10, 50, 90, 33.3):
        p = hpct(hl, 0, q, 50.0)
        pn = hpct(hn, -32768, q, 10000.0)
        for m in INTERP:
            assert abs(float(np.percentile(t / 50.0, q, method=m)) - p[m]) < 1e-9, (q, m)
            assert abs(float(np.percentile(nd / 10000.0, q, method=m)) - pn[m]) < 1e-12, (q, m)
    for arr in (np.array([1, 2, 3, 4]), np.array([1, 2, 2, 5, 7, 9]), np.arange(11) ** 2):
        h = np.bincount(arr)
        for q in (50, 25, 75, 10, 90, 30):
            p = hpct(h, 0, q, 1.0)
            for m in INTERP:
                assert abs(float(np.percentile(arr, q, method=m)) - p[m]) < 1e-12, (arr, q, m)


# ================================================================================================== TVDI
def tvdi(ldn, ndn, edge):
    """TVDI (benchmark README): pixels with valid LST and 0 <= NDVI <= 1; 100 equal bins between the min and max NDVI;
    per bin max LST (dry) and min LST (wet); each edge a least-squares line against the bin centres; (LST - wet) /
    (dry - wet) clipped to [0, 1]. `edge`: 'up' = floor((n - lo) / w), 'down' = ceil(...) - 1. None under 100 px."""
    m = (ldn > 0) & (ndn >= 0) & (ndn <= 10000)
    if m.sum() < 100:
        return None
    n, t = ndn[m] / 10000.0, ldn[m] / 50.0
    lo, hi = n.min(), n.max()
    w = (hi - lo) / 100.0
    k = np.floor((n - lo) / w) if edge == 'up' else np.ceil((n - lo) / w) - 1
    k = np.clip(k, 0, 99).astype(np.int16)
    order = np.argsort(k, kind='stable')
    ks, ts = k[order], t[order]
    starts = np.flatnonzero(np.r_[True, ks[1:] != ks[:-1]])
    bins = ks[starts].astype(np.int64)
    dry = np.maximum.reduceat(ts, starts)
    wet = np.minimum.reduceat(ts, starts)
    centre = lo + w * (bins + 0.5)
    pd = np.polyfit(centre, dry, 1)
    pw = np.polyfit(centre, wet, 1)
    return np.clip((t - np.polyval(pw, n)) / (np.polyval(pd, n) - np.polyval(pw, n)), 0.0, 1.0)


# =========================================================================================== true pixel areas
def row_areas(gt):
    """True ground area (m2) of one q46 pixel per row: 'sphere' R^2 dlon (sin phi2 - sin phi1) and 'ellipsoid' the
    WGS84 quadrangle between the same latitudes (authalic formula)."""
    ytop = gt[3] - 30.0 * np.arange(NR)
    ybot = ytop - 30.0
    lat = lambda y: 2 * np.arctan(np.exp(y / R_EARTH)) - math.pi / 2  # noqa: E731
    p2, p1 = lat(ytop), lat(ybot)
    dlon = 30.0 / R_EARTH
    sphere = R_EARTH ** 2 * dlon * (np.sin(p2) - np.sin(p1))
    e = math.sqrt(E2)
    b2 = R_EARTH ** 2 * (1 - E2)

    def f(p):
        s = np.sin(p)
        return s / (1 - E2 * s * s) + np.log((1 + e * s) / (1 - e * s)) / (2 * e)

    ell = b2 * dlon / 2 * (f(p2) - f(p1))
    pc = lat(gt[3] - 30.0 * (np.arange(NR) + 0.5))
    assert np.allclose(sphere, 900.0 * np.cos(pc) ** 2, rtol=1e-6)
    return {'sphere': sphere, 'ellipsoid': ell}


# ================================================================================================== Landsat
MTL = {}
with open(LSP + 'MTL.txt') as fh:
    for line in fh:
        if '=' in line:
            k, v = (s.strip() for s in line.split('=', 1))
            MTL[k] = v.strip('"')
assert MTL['DATE_ACQUIRED'] == '2017-08-13'
LB = {b: band(LSP + b + '.TIF').astype(np.float64) for b in ('B4', 'B5', 'B10', 'BQA')}
LH, LW = LB['B4'].shape
assert (LH, LW) == (259, 255)
BQA = LB['BQA'].astype(np.int64)
FILL = (BQA & 1) == 1
CLOUD = ((BQA >> 4) & 1) == 1
CLEAR = ~FILL & ~CLOUD


def rho(b):
    i = b[1:]
    return float(MTL[f'REFLECTANCE_MULT_BAND_{i}']) * LB[b] + float(MTL[f'REFLECTANCE_ADD_BAND_{i}'])


def bt(b):
    i = b[1:]
    rad = float(MTL[f'RADIANCE_MULT_BAND_{i}']) * LB[b] + float(MTL[f'RADIANCE_ADD_BAND_{i}'])
    with np.errstate(divide='ignore', invalid='ignore'):
        return float(MTL[f'K2_CONSTANT_BAND_{i}']) / np.log(float(MTL[f'K1_CONSTANT_BAND_{i}']) / rad + 1.0)


def has(*bands):
    m = np.ones((LH, LW), bool)
    for b in bands:
        m &= LB[b] > 0
    return m


BT10 = bt('B10')
with np.errstate(divide='ignore', invalid='ignore'):
    TOA_NDVI = (rho('B5') - rho('B4')) / (rho('B5') + rho('B4'))
    RAW_NDVI = (LB['B5'] - LB['B4']) / (LB['B5'] + LB['B4'])

# ============================================================================================== bookkeeping
REFS, FACTS, PER = {}, {}, {}
PCT = 0.005   # percentage points
PCHG = 0.01   # percent change
TK = 0.005    # K, °C, °F and their differences
IDX = 1e-4    # indices, ratios, fractions
TVT = 5e-4    # TVDI-derived
LSTDEF = 'LST = DN/50 K (DN 0 nodata)'
NDVIDEF = 'NDVI = DN/10000 (nodata -32768)'
HALVES = 'halves split with both floor and ceil cuts spanned (rows 1286/1287, columns 1299/1300)'
LSTDATES_NOTE = 'dates with no valid LST (2019-02-02, 2019-09-30, 2019-12-19) left out'


def put(cid, readings, unit, tol, definition, misreadings, note=None, extra=None, rel=None):
    """readings: {label: value} spanned by the tolerance; misreadings: {label: value} of plausible wrong readings of
    the ask, each asserted to lie outside the tolerance. rel: a relative tolerance (areas) instead of `tol`."""
    vals = [float(v) for v in readings.values()]
    lo, hi = min(vals), max(vals)
    value = (lo + hi) / 2
    if unit in ('pixels', 'dates'):
        assert all(float(v).is_integer() for v in vals), cid
        if lo == hi:
            value = lo
        tol = 0.5
    if rel is not None:
        tol = rel * abs(value)
    t = tol + (hi - lo) / 2
    REFS[cid] = {'value': value, 'tolerance': t, 'unit': unit, 'readings': {k: float(v) for k, v in readings.items()},
                 'definition': definition}
    if note:
        REFS[cid]['note'] = note
    if extra:
        REFS[cid].update(extra)
    assert misreadings, cid
    for k, x in misreadings.items():
        ok = abs(float(x) - value) > t
        if not ok and os.environ.get('SOFT'):
            print(f'  FAIL {cid}: misreading {k} = {x} within {value} +- {t}')
            continue
        assert ok, f'{cid}: misreading {k} = {x} lies within the tolerance of {value} +- {t}'
    REFS[cid]['misreadings'] = {k: float(x) for k, x in misreadings.items()}
    near = min(abs(float(x) - value) - t for x in misreadings.values())
    print(f'{cid:5s} {value:.6f} +- {t:.6g} {unit}  (closest misreading {near:.3g} beyond)  [{time.time() - T0:.0f}s]')


def put_date(cid, value, definition, ranking, misreadings, note=None):
    assert value in DATES
    for k, x in misreadings.items():
        assert x != value, (cid, k)
    REFS[cid] = {'value': value, 'tolerance': 0, 'unit': 'date', 'readings': {'date': value},
                 'definition': definition, 'ranking': ranking, 'misreadings': misreadings}
    if note:
        REFS[cid]['note'] = note
    print(f'{cid:5s} {value}  ranking {ranking}  misreadings {misreadings}')


def put_refuse(cid, reason, why, facts=None):
    REFS[cid] = {'kind': 'refuse', 'reason': reason, 'why': why}
    if facts is not None:
        REFS[cid]['facts'] = facts
    print(f'{cid:5s} refuse')


def interp_span(p):
    return {m: p[m] for m in INTERP}


# ============================================================================================== self-checks
def selfcheck_landsat():
    expect = {'B4': (46100, 6101, 65035, 11195.847483731019), 'B5': (46101, 5784, 65535, 17401.865534370187),
              'B10': (45100, 4567, 30439, 25111.438403547672)}
    for b, (n, lo, hi, mn) in expect.items():
        x = LB[b][LB[b] > 0]
        assert (x.size, x.min(), x.max()) == (n, lo, hi) and abs(x.mean() - mn) <= 1e-9 * mn, b
    v = has('B4', 'B5')
    assert abs(TOA_NDVI[v].mean() - 0.31255227473382297) < 1e-9
    assert abs(RAW_NDVI[v].mean() - 0.20559621830211325) < 1e-9 and int((RAW_NDVI[v] > 0.3).sum()) == 17811
    assert abs(RAW_NDVI[v].min() - -0.1432490974729242) < 1e-9 and abs(RAW_NDVI[v].max() - 0.676721339853724) < 1e-9
    assert abs(BT10[has('B10')].mean() - 291.83230932684404) < 1e-6
    ds = gdal.Open(LSP + 'B4.TIF')
    lgt = ds.GetGeoTransform()
    del ds
    assert lgt == (471585.0, 900.0, 0.0, 3787515.0, 0.0, -900.0), lgt
    assert int(FILL.sum()) == 20946 and int((~FILL).sum()) == 45099 and int((CLOUD & ~FILL).sum()) == 12030
    FACTS['selfcheck'] = {'b10_bt_mean_K': float(BT10[has('B10')].mean()), 'toa_ndvi_mean': float(TOA_NDVI[v].mean()),
                          'fill_px': int(FILL.sum()), 'cloud_px': int((CLOUD & ~FILL).sum())}


# ================================================================================================= pass
HL, HN = {}, {}
GT = None
RA = None


def blocks(dn, m):
    """Integer DN sums and counts of the 3 x 3 blocks cut at RE / CE (so every half / quadrant under both cuts is a
    union of blocks)."""
    s = np.zeros((3, 3))
    n = np.zeros((3, 3), np.int64)
    for i in range(3):
        for j in range(3):
            sl = (slice(RE[i], RE[i + 1]), slice(CE[j], CE[j + 1]))
            mm = m[sl]
            s[i, j] = float(dn[sl][mm].astype(np.int64).sum())
            n[i, j] = int(mm.sum())
    return {'s': s, 'n': n}


def region_mean(bl, part, rc, cc, scale):
    """Mean over a region of the image from its blocks: part in north/south/west/east/NE/NW/SE/SW/rest-of-NE/all;
    rc: the first south row (1286 or 1287), cc: the first east column (1299 or 1300)."""
    rn = [0] if rc == 1286 else [0, 1]
    rs = [i for i in range(3) if i not in rn]
    cw = [0] if cc == 1299 else [0, 1]
    ce = [j for j in range(3) if j not in cw]
    sel = {'north': (rn, range(3)), 'south': (rs, range(3)), 'west': (range(3), cw), 'east': (range(3), ce),
           'NE': (rn, ce), 'NW': (rn, cw), 'SE': (rs, ce), 'SW': (rs, cw), 'all': (range(3), range(3))}
    if part == 'notNE':
        s = bl['s'].sum() - sum(bl['s'][i, j] for i in rn for j in ce)
        n = bl['n'].sum() - sum(bl['n'][i, j] for i in rn for j in ce)
        return s / n / scale
    r, c = sel[part]
    s = sum(bl['s'][i, j] for i in r for j in c)
    n = sum(bl['n'][i, j] for i in r for j in c)
    return s / n / scale


def half_readings(bl, a, b, scale, op='diff'):
    """a (op) b over the four cut combinations; a, b region names."""
    out = {}
    for rc in (1286, 1287):
        for cc in (1299, 1300):
            va, vb = region_mean(bl, a, rc, cc, scale), region_mean(bl, b, rc, cc, scale)
            out[f'r{rc}_c{cc}'] = va - vb if op == 'diff' else va / vb
    return out


def pass_dates():
    global GT, RA
    ds = gdal.Open(os.path.join(Q46, f'Xinjiang_{DATES[0]}_LST.tif'))
    GT = ds.GetGeoTransform()
    del ds
    assert GT[1] == 30 and GT[5] == -30 and GT[2] == 0 and GT[4] == 0
    RA = row_areas(GT)
    for d in DATES:
        ldn = band(os.path.join(Q46, f'Xinjiang_{d}_LST.tif')).astype(np.int32)
        ndn = band(os.path.join(Q46, f'Xinjiang_{d}_NDVI.tif')).astype(np.int32)
        assert ldn.shape == (NR, NC) and ndn.shape == (NR, NC)
        lv = ldn > 0
        nl = ndn != -32768
        n01 = nl & (ndn >= 0) & (ndn <= 10000)
        if d == '2019-08-13':
            selfcheck_percentiles(ldn, lv, ndn, nl)
        r = {'lst_valid': int(lv.sum())}
        hl = np.bincount(ldn[lv], minlength=65536).astype(np.int64)
        HL[d] = hl
        hn = np.bincount(ndn[nl] + 32768, minlength=65536).astype(np.int64)
        HN[d] = hn
        if lv.any():
            t = ldn[lv].astype(np.int64)
            s, s2, n = int(t.sum()), int((t * t).sum()), t.size
            tf = t / 50.0
            r.update(lst_sum_dn=s, lst_sum_dn2=s2, lst_mean=s / n / 50.0, lst_std=float(tf.std()),
                     lst_min=float(tf.min()), lst_max=float(tf.max()),
                     lst_below_0C=int((t < ZERO_C_DN).sum()), lst_gt300=int((t > 15000).sum()),
                     lst_eq300=int((t == 15000).sum()),
                     lst_pct={str(q): hpct(hl, 0, q, 50.0) for q in (10, 50, 90)})
            assert abs(tf.mean() - r['lst_mean']) < 1e-9
            r['lst_blocks'] = blocks(ldn, lv)
        for g, m in (('01', n01), ('loose', nl)):
            v = ndn[m] / 10000.0
            h = hn.copy()
            if g == '01':
                h[:32768] = 0
                h[32768 + 10001:] = 0
            r[f'ndvi_{g}'] = {'n': int(m.sum()), 'mean': float(v.mean()), 'std': float(v.std()),
                              'pct': {str(q): hpct(h, -32768, q, 10000.0) for q in (50, 90)}}
            r[f'ndvi_{g}']['blocks'] = blocks(ndn, m)
        r['ndvi_gt04'], r['ndvi_eq04'] = int((ndn > 4000).sum()), int((ndn == 4000).sum())
        r['ndvi_gt05'], r['ndvi_eq05'] = int((ndn > 5000).sum()), int((ndn == 5000).sum())
        r['rows'] = {k: m.sum(axis=1).astype(np.int64) for k, m in
                     {'lst_gt310': ldn > 15500, 'lst_ge310': ldn >= 15500, 'lst_gt35C': ldn > C35_DN,
                      'ndvi_gt05': ndn > 5000, 'ndvi_ge05': ndn >= 5000}.items()}
        tv = {}
        for e in ('up', 'down'):
            a = tvdi(ldn, ndn, e)
            if a is not None:
                tv[e] = {'mean': float(a.mean()), 'n': int(a.size)}
        if tv:
            r['tvdi'] = tv
        PER[d] = r
        print(f'{d} done [{time.time() - T0:.0f}s]', flush=True)
        del ldn, ndn, lv, nl, n01
    for e in ('up', 'down'):
        m = [PER[d]['tvdi'][e]['mean'] for d in DATES if 'tvdi' in PER[d]]
        assert len(m) == 20 and abs(np.mean(m) - 0.68999) < 2e-5, (e, np.mean(m))
    FACTS['tvdi_annual_mean_of_means'] = {e: float(np.mean([PER[d]['tvdi'][e]['mean'] for d in DATES if 'tvdi' in PER[d]]))
                                          for e in ('up', 'down')}
    empty = [d for d in DATES if PER[d]['lst_valid'] == 0]
    assert empty == ['2019-02-02', '2019-09-30', '2019-12-19'], empty


# ================================================================================================ helpers
def lst_dates(dates=None):
    return [d for d in (dates or DATES) if PER[d]['lst_valid'] > 0]


def in_months(months):
    return [d for d in DATES if int(d[5:7]) in months]


def lmean(d):
    return PER[d]['lst_mean']


def lpct(d, q):
    return PER[d]['lst_pct'][str(q)]


def nmean(d, g):
    return PER[d][f'ndvi_{g}']['mean']


def npct(d, q, g):
    return PER[d][f'ndvi_{g}']['pct'][str(q)]


def pooled(dates):
    s = sum(PER[d]['lst_sum_dn'] for d in dates)
    n = sum(PER[d]['lst_valid'] for d in dates)
    h = sum(HL[d] for d in dates)
    h[0] = 0
    return {'n': n, 'mean': s / n / 50.0, 'p90': hpct(h, 0, 90, 50.0), 'max': float(np.flatnonzero(h).max() / 50.0)}


def period_lst(dates):
    ds = lst_dates(dates)
    return float(np.mean([lmean(d) for d in ds]))


def period_ndvi(dates, g):
    return float(np.mean([nmean(d, g) for d in dates]))


def area(d, key, which):
    return float((PER[d]['rows'][key] * RA[which]).sum())


def tvm(d, e):
    return PER[d]['tvdi'][e]['mean']


def share(d, key, g):
    return 100.0 * PER[d][key] / PER[d][f'ndvi_{g}']['n']


# ============================================================================================== comparisons
def comparisons():
    a, b = '2019-07-28', '2019-08-29'
    v = lmean(a) - lmean(b)
    put('c1', {'diff': v}, 'K', TK, f'mean LST of {a} minus mean LST of {b} (negative: 28 July is cooler); {LSTDEF}.',
        {'sign_swapped': -v, 'median_diff': lpct(a, 50)['linear'] - lpct(b, 50)['linear'],
         'ratio': lmean(a) / lmean(b), 'p90_diff': lpct(a, 90)['linear'] - lpct(b, 90)['linear']})

    a, b = '2019-09-14', '2019-10-16'
    dd = {m: lpct(a, 50)[m] - lpct(b, 50)[m] for m in INTERP}
    put('c2', dd, 'K', TK,
        f'how much cooler the median LST of {b} is than that of {a}: median({a}) - median({b}), positive; '
        f'interpolations spanned; {LSTDEF}.',
        {'sign_swapped': -dd['linear'], 'mean_diff': lmean(a) - lmean(b), 'fahrenheit': 1.8 * dd['linear'],
         'percent': 100 * dd['linear'] / lpct(a, 50)['linear']})

    a, b = '2019-07-12', '2019-08-13'
    dd = {m: 1.8 * (lpct(a, 90)[m] - lpct(b, 90)[m]) for m in INTERP}
    put('c3', dd, '°F', TK,
        f'by how many °F the 90th-percentile LST of {a} exceeds that of {b}: a temperature difference, 1.8 x the '
        f'kelvin difference of the p90s (interpolations spanned); {LSTDEF}.',
        {'kelvin': dd['linear'] / 1.8, 'plus_32': dd['linear'] + 32, 'sign_swapped': -dd['linear'],
         'mean_diff_F': 1.8 * (lmean(a) - lmean(b)), 'p10_diff_F': 1.8 * (lpct(a, 10)['linear'] - lpct(b, 10)['linear'])})

    a, b = '2019-05-09', '2019-09-14'
    v = abs(nmean(a, '01') - nmean(b, '01'))
    put('c4', {'abs_diff_01': v}, 'NDVI', IDX,
        f'absolute difference (no sign) of the mean NDVI of {a} and {b}, only 0 <= NDVI <= 1 kept (stated); {NDVIDEF}.',
        {'loose_reading': abs(nmean(a, 'loose') - nmean(b, 'loose')), 'signed_b_minus_a': nmean(b, '01') - nmean(a, '01'),
         'median_diff': abs(npct(a, 50, '01')['linear'] - npct(b, 50, '01')['linear']),
         'ratio': nmean(a, '01') / nmean(b, '01')},
        note=f'keeping negatives: {abs(nmean(a, "loose") - nmean(b, "loose")):.5f}.')

    a, b = '2019-05-25', '2019-04-07'
    na, nb = PER[a]['lst_valid'], PER[b]['lst_valid']
    put('c5', {'ratio': na / nb}, 'ratio', IDX,
        f'number of valid LST pixels of {a} divided by that of {b} ({na} / {nb}).',
        {'inverse': nb / na, 'difference_px': na - nb, 'percent_more': 100 * (na - nb) / nb, 'excess': na / nb - 1,
         'mean_lst_ratio': lmean(a) / lmean(b)})

    jul, mar = in_months({7}), in_months({3})
    r = {g: period_ndvi(jul, g) / period_ndvi(mar, g) for g in ('01', 'loose')}
    put('c6', {'ratio_01': r['01']}, 'ratio', IDX,
        f'July mean NDVI (mean of the per-date means of {jul}) as a multiple of the March mean NDVI (dates {mar}), '
        f'only 0 <= NDVI <= 1 kept (stated); {NDVIDEF}.',
        {'inverse': 1 / r['01'], 'loose_reading': r['loose'], 'percent_increase': 100 * (r['01'] - 1),
         'excess': r['01'] - 1, 'difference': period_ndvi(jul, '01') - period_ndvi(mar, '01')},
        note=f'keeping negatives: {r["loose"]:.4f}.')

    a, b = '2019-05-09', '2019-05-25'
    sa = 100 * PER[a]['lst_gt300'] / PER[a]['lst_valid']
    sb = 100 * PER[b]['lst_gt300'] / PER[b]['lst_valid']
    sai = 100 * (PER[a]['lst_gt300'] + PER[a]['lst_eq300']) / PER[a]['lst_valid']
    sbi = 100 * (PER[b]['lst_gt300'] + PER[b]['lst_eq300']) / PER[b]['lst_valid']
    v = 100 * (sb - sa) / sa
    put('c7', {'pct_change': v}, '%', PCHG,
        f'percent change of the share of valid LST pixels strictly above 300 K (DN > 15000) from {a} ({sa:.3f} %) to '
        f'{b} ({sb:.3f} %), relative to {a} (stated); {PER[a]["lst_eq300"]} / {PER[b]["lst_eq300"]} px lie on 300 K; '
        f'{LSTDEF}.',
        {'points': sb - sa, 'relative_to_b': 100 * (sb - sa) / sb, 'inclusive_300': 100 * (sbi - sai) / sai,
         'count_pct_change': 100 * (PER[b]['lst_gt300'] - PER[a]['lst_gt300']) / PER[a]['lst_gt300'],
         'ratio': sb / sa})

    a, b = '2019-08-29', '2019-06-10'
    v = share(a, 'ndvi_gt04', 'loose') - share(b, 'ndvi_gt04', 'loose')
    inc = 100 * ((PER[a]['ndvi_gt04'] + PER[a]['ndvi_eq04']) / PER[a]['ndvi_loose']['n']
                 - (PER[b]['ndvi_gt04'] + PER[b]['ndvi_eq04']) / PER[b]['ndvi_loose']['n'])
    put('c8', {'points_strict': v, 'points_inclusive': inc}, 'percentage points', PCT,
        f'share of the pixels with an NDVI value (negative values included in the denominator, stated) whose NDVI is '
        f'above 0.4, {a} minus {b}, in percentage points (negative); "above" strict (DN > 4000) and inclusive '
        f'spanned (their differences agree within 0.003 points); {NDVIDEF}.',
        {'sign_swapped': -v, 'percent_change': 100 * v / share(b, 'ndvi_gt04', 'loose'),
         'den_01': share(a, 'ndvi_gt04', '01') - share(b, 'ndvi_gt04', '01')},
        note=f'{PER[a]["ndvi_eq04"]} / {PER[b]["ndvi_eq04"]} px lie on 0.4.')

    d = '2019-07-12'
    bl = PER[d]['lst_blocks']
    r = half_readings(bl, 'south', 'north', 50.0)
    put('c9', r, 'K', TK,
        f'mean LST of the southern half minus the northern half of {d} ({HALVES}); {LSTDEF}.',
        {'sign_swapped': -np.mean(list(r.values())), **{f'east_minus_west_{k}': v for k, v in
                                                         half_readings(bl, 'east', 'west', 50.0).items()},
         'south_minus_whole': region_mean(bl, 'south', 1286, 1299, 50.0) - lmean(d)})

    d = '2019-06-26'
    r = {f'{g}_{k}': v for g in ('01', 'loose') for k, v in
         half_readings(PER[d][f'ndvi_{g}']['blocks'], 'west', 'east', 10000.0, op='ratio').items()}
    ns = half_readings(PER[d]['ndvi_01']['blocks'], 'north', 'south', 10000.0, op='ratio')
    put('c10', r, 'ratio', IDX,
        f'mean NDVI of the western half divided by the mean NDVI of the eastern half of {d} ({HALVES}; both NDVI '
        f'readings spanned); {NDVIDEF}.',
        {'inverse': 1 / np.mean(list(r.values())), 'north_over_south': np.mean(list(ns.values())),
         'difference': region_mean(PER[d]['ndvi_01']['blocks'], 'west', 1286, 1299, 1e4)
         - region_mean(PER[d]['ndvi_01']['blocks'], 'east', 1286, 1299, 1e4)})

    d = '2019-08-13'
    bl = PER[d]['lst_blocks']
    r = half_readings(bl, 'NE', 'notNE', 50.0)
    m3 = {}
    for rc in (1286, 1287):
        for cc in (1299, 1300):
            m3[f'r{rc}_c{cc}'] = region_mean(bl, 'NE', rc, cc, 50.0) - np.mean(
                [region_mean(bl, p, rc, cc, 50.0) for p in ('NW', 'SE', 'SW')])
    FACTS['c11_ne_minus_mean_of_three_quadrant_means'] = m3
    put('c11', r, 'K', TK,
        f'mean LST of the north-east quadrant minus the mean LST of the rest of the image (all valid pixels of the '
        f'other three quadrants pooled) on {d} (quadrants with both floor and ceil cuts spanned); {LSTDEF}.',
        {'sign_swapped': -np.mean(list(r.values())),
         'ne_minus_whole_image': region_mean(bl, 'NE', 1286, 1299, 50.0) - lmean(d),
         'ne_minus_sw': region_mean(bl, 'NE', 1286, 1299, 50.0) - region_mean(bl, 'SW', 1286, 1299, 50.0),
         'ne_mean_itself': region_mean(bl, 'NE', 1286, 1299, 50.0)},
        note=f'NE minus the mean of the three other quadrant means: {np.mean(list(m3.values())):.4f} K (the '
        'question says the other pixels are taken together; this reading lies inside the tolerance anyway).')

    jja = lst_dates(in_months({6, 7, 8}))
    djf = lst_dates(in_months({12, 1, 2}))
    v = period_lst(jja) - period_lst(djf)
    mm = lambda ds, ms: np.mean([np.mean([lmean(d) for d in ds if int(d[5:7]) == m]) for m in ms])  # noqa: E731
    put('c12', {'diff': v}, 'K', TK,
        f'summer (June-August: {jja}) minus winter (January, February and December of 2019: {djf}) mean LST, each the '
        f'mean of its per-date means ({LSTDATES_NOTE}), as a difference in °C (= the kelvin difference); {LSTDEF}.',
        {'pooled': pooled(jja)['mean'] - pooled(djf)['mean'], 'mean_of_monthly_means': mm(jja, (6, 7, 8)) - mm(djf, (12, 1, 2)),
         'sign_swapped': -v, 'fahrenheit': 1.8 * v})

    aug, nov = in_months({8}), in_months({11})
    v = period_lst(aug) - period_lst(nov)
    put('c13', {'drop': v}, 'K', TK,
        f'the drop of the monthly mean LST from August ({aug}) to November ({nov}): August minus November, positive, '
        f'each month the mean of its per-date means; {LSTDEF}.',
        {'signed_nov_minus_aug': -v, 'pooled_months': pooled(aug)['mean'] - pooled(nov)['mean'],
         'percent_drop': 100 * v / period_lst(aug), 'first_to_last_date': lmean(aug[0]) - lmean(nov[-1])})

    a, b = '2019-08-13', '2019-07-12'
    ar = {w: (area(a, 'lst_gt310', w) - area(b, 'lst_gt310', w)) / 1e6 for w in ('sphere', 'ellipsoid')}
    inc = (area(a, 'lst_ge310', 'sphere') - area(b, 'lst_ge310', 'sphere')) / 1e6
    nom = 900 * (PER[a]['rows']['lst_gt310'].sum() - PER[b]['rows']['lst_gt310'].sum()) / 1e6
    ar.update({f'inclusive_{w}': (area(a, 'lst_ge310', w) - area(b, 'lst_ge310', w)) / 1e6 for w in ('sphere', 'ellipsoid')})
    put('c14', ar, 'km2', None,
        f'true ground area of the pixels above 310 K on {a} minus that on {b}, km2 (per-row pixel area, sphere and '
        'WGS84 ellipsoid spanned, strict DN > 15500 and inclusive DN >= 15500 spanned (no strictness is stated; '
        f'{inc - ar["sphere"]:+.2f} km2), tolerance 0.5 % relative of the difference); {LSTDEF}.',
        {'nominal_900m2': nom, 'sign_swapped': -ar['sphere'],
         'ha_number': 100 * ar['sphere']},
        rel=0.005, extra={'areas_km2': {a: area(a, 'lst_gt310', 'sphere') / 1e6, b: area(b, 'lst_gt310', 'sphere') / 1e6}})

    h1, h2 = lst_dates(in_months(range(1, 7))), lst_dates(in_months(range(7, 13)))
    v = period_lst(h2) - period_lst(h1)
    put('c15', {'diff': v}, 'K', TK,
        f'mean LST of the second half of 2019 (July-December: {h2}) minus the first half (January-June: {h1}), each '
        f'the mean of its per-date means ({LSTDATES_NOTE}); {LSTDEF}.',
        {'pooled': pooled(h2)['mean'] - pooled(h1)['mean'], 'sign_swapped': -v,
         'with_empty_dates_as_zero': np.mean([PER[d].get('lst_mean', 0) for d in in_months(range(7, 13))])
         - np.mean([PER[d].get('lst_mean', 0) for d in in_months(range(1, 7))])})

    a, b = '2019-06-10', '2019-09-14'
    r = {w: area(a, 'ndvi_gt05', w) / area(b, 'ndvi_gt05', w) for w in ('sphere', 'ellipsoid')}
    r['pixel_counts'] = PER[a]['ndvi_gt05'] / PER[b]['ndvi_gt05']
    put('c16', r, 'ratio', IDX,
        f'area with NDVI strictly above 0.5 on {a} as a multiple of that on {b} (true areas on sphere and ellipsoid and '
        f'plain pixel counts spanned); {NDVIDEF}.',
        {'inverse': 1 / r['sphere'], 'excess': r['sphere'] - 1,
         'inclusive_0.5': (PER[a]['ndvi_gt05'] + PER[a]['ndvi_eq05']) / (PER[b]['ndvi_gt05'] + PER[b]['ndvi_eq05']),
         'difference_km2': (area(a, 'ndvi_gt05', 'sphere') - area(b, 'ndvi_gt05', 'sphere')) / 1e6})

    d = '2019-09-14'
    FACTS['c17_note'] = 'medians of halves need the per-half pixels: computed in landsat-free second pass'


def half_medians():
    """Median LST of the north and south halves of 2019-09-14 (c17) and the north / south means of every date (x3)."""
    d = '2019-09-14'
    ldn = band(os.path.join(Q46, f'Xinjiang_{d}_LST.tif')).astype(np.int32)
    out = {}
    for rc in (1286, 1287):
        n, s = ldn[:rc], ldn[rc:]
        hn_, hs_ = np.bincount(n[n > 0], minlength=65536), np.bincount(s[s > 0], minlength=65536)
        pn, ps = hpct(hn_, 0, 50, 50.0), hpct(hs_, 0, 50, 50.0)
        for m in INTERP:
            out[f'r{rc}_{m}'] = 1.8 * (ps[m] - pn[m])
        out[f'_mean_r{rc}'] = 1.8 * (float(s[s > 0].mean() - n[n > 0].mean()) / 50.0)
    del ldn
    r = {k: v for k, v in out.items() if not k.startswith('_')}
    v = np.mean(list(r.values()))
    put('c17', r, '°F', TK,
        f'median LST of the southern half minus the median LST of the northern half of {d}, as a temperature '
        f'difference in °F (1.8 x the kelvin difference; no +32); row cut 1286 / 1287 and interpolations spanned; '
        f'{LSTDEF}.',
        {'kelvin': v / 1.8, 'plus_32': v + 32, 'sign_swapped': -v, 'mean_diff_F': out['_mean_r1286']})


# ================================================================================================ ranks
def ranks():
    ds = lst_dates()
    med = {d: lpct(d, 50)['linear'] for d in ds}
    for m in INTERP:
        assert max(ds, key=lambda d: lpct(d, 50)[m]) == '2019-08-13'
    rk = sorted(ds, key=lambda d: -med[d])[:3]
    put_date('x1', rk[0], 'the 2019 date with the highest per-date median LST (over its valid pixels; dates with no '
             f'valid LST left out; the same under every interpolation); {LSTDEF}.',
             [[d, med[d]] for d in rk],
             {'highest_p90': max(ds, key=lambda d: lpct(d, 90)['linear']), 'hottest_pixel': max(ds, key=lambda d: PER[d]['lst_max']),
              'lowest_median': min(ds, key=lambda d: med[d])})

    mx = {d: PER[d]['lst_max'] for d in ds}
    rk = sorted(ds, key=lambda d: mx[d])[:3]
    put_date('x2', rk[0], 'the 2019 date whose hottest valid LST pixel is the coolest of all dates (the minimum of the '
             f'per-date maxima; {LSTDATES_NOTE}); {LSTDEF}.', [[d, mx[d]] for d in rk],
             {'lowest_mean': min(ds, key=lmean), 'highest_max': max(ds, key=lambda d: mx[d]),
              'lowest_median': min(ds, key=lambda d: lpct(d, 50)['linear'])})

    # x3: the date whose p90 lies furthest above its median
    sp = {d: {m: lpct(d, 90)[m] - lpct(d, 50)[m] for m in INTERP} for d in ds}
    for m in INTERP:
        assert max(ds, key=lambda d: sp[d][m]) == '2019-05-25', m
    rk = sorted(ds, key=lambda d: -sp[d]['linear'])[:3]
    p1090 = {d: lpct(d, 90)['linear'] - lpct(d, 10)['linear'] for d in ds}
    put_date('x3', rk[0], 'the 2019 date whose 90th-percentile LST lies furthest above its median LST (largest p90 - '
             f'median of the per-date valid pixels; the same date under every interpolation); {LSTDATES_NOTE}; '
             f'{LSTDEF}.', [[d, sp[d]['linear']] for d in rk],
             {'largest_p90_minus_p10': max(ds, key=p1090.get), 'largest_std': max(ds, key=lambda d: PER[d]['lst_std']),
              'largest_median_minus_p10': max(ds, key=lambda d: lpct(d, 50)['linear'] - lpct(d, 10)['linear']),
              'highest_p90': max(ds, key=lambda d: lpct(d, 90)['linear'])})

    # x4: mean NDVI of the date with the highest median NDVI
    alld = DATES
    for m in INTERP:
        assert max(alld, key=lambda d: npct(d, 50, '01')[m]) == '2019-06-10', m
    loose_top = max(alld, key=lambda d: npct(d, 50, 'loose')['linear'])
    d = '2019-06-10'
    second = sorted(alld, key=lambda x: -npct(x, 50, '01')['linear'])[1]
    put('x4', {'mean_01': nmean(d, '01')}, 'NDVI', IDX,
        f'mean NDVI (only 0 <= NDVI <= 1 kept for both the median and the mean, stated) of the date with the highest '
        f'median NDVI ({d} under every interpolation; next {second}; keeping negatives the top median would be '
        f'{loose_top}); {NDVIDEF}.',
        {'median_itself': npct(d, 50, '01')['linear'], 'loose_reading': nmean(d, 'loose'),
         'loose_top_date_mean': nmean(loose_top, 'loose'),
         'mean_of_runner_up': nmean(second, '01'), 'p90': npct(d, 90, '01')['linear']},
        extra={'ranking': [[x, npct(x, 50, '01')['linear']] for x in sorted(alld, key=lambda x: -npct(x, 50, '01')['linear'])[:3]]})

    # x5: the highest per-date p90
    best = {m: max(lpct(d, 90)[m] for d in ds) for m in INTERP}
    top = max(ds, key=lambda d: lpct(d, 90)['linear'])
    put('x5', best, 'K', TK,
        f'the highest of the per-date 90th percentiles of LST over the 2019 dates (it is {top}; interpolations '
        f'spanned; {LSTDATES_NOTE}); {LSTDEF}.',
        {'highest_mean': max(lmean(d) for d in ds), 'hottest_pixel': max(PER[d]['lst_max'] for d in ds),
         'p90_of_warmest_scene': lpct(max(ds, key=lmean), 90)['linear'], 'pooled_p90': pooled(ds)['p90']['linear'],
         'mean_of_p90s': float(np.mean([lpct(d, 90)['linear'] for d in ds]))})

    # x6: the mean LST of the date holding the year's hottest pixel
    hd = max(ds, key=lambda d: PER[d]['lst_max'])
    put('x6', {'mean': lmean(hd)}, 'K', TK,
        f'scene-mean LST of the date holding the hottest single pixel of 2019 ({hd}, {PER[hd]["lst_max"]:.2f} K); '
        f'{LSTDEF}.',
        {'highest_mean': max(lmean(d) for d in ds), 'hottest_pixel': PER[hd]['lst_max'],
         'median_of_that_date': lpct(hd, 50)['linear'], 'celsius': k2c(lmean(hd))})

    # x7: the valid-pixel count of the coldest date by scene mean
    cd = min(ds, key=lmean)
    coldpix = min(ds, key=lambda d: PER[d]['lst_min'])
    put('x7', {'count': PER[cd]['lst_valid']}, 'pixels', 0.5,
        f'number of valid LST pixels on the date with the lowest scene-mean LST ({cd}); {LSTDEF}.',
        {'count_coldest_pixel_date': PER[coldpix]['lst_valid'],
         'count_second_coldest': PER[sorted(ds, key=lmean)[1]]['lst_valid'],
         'nodata_pixels': NR * NC - PER[cd]['lst_valid'], 'all_pixels': NR * NC},
        extra={'ranking': [[d, lmean(d)] for d in sorted(ds, key=lmean)[:3]], 'coldest_pixel_date': coldpix})


# ======================================================================================== order of statistics
def order():
    ds = lst_dates()
    aps = lst_dates(in_months(range(4, 10)))
    assert len(aps) == 11, aps
    mx = [PER[d]['lst_max'] for d in aps]
    put('o1', {m: float(np.percentile(mx, 50, method=m)) for m in INTERP}, 'K', TK,
        f'median of the per-date maximum LSTs of the 11 April-September dates with LST ({aps}; 2019-09-30 has none; '
        f'11 values, so every interpolation gives the middle one); {LSTDEF}.',
        {'max_of_medians': max(lpct(d, 50)['linear'] for d in aps), 'mean_of_maxima': float(np.mean(mx)),
         'pooled_max': max(mx), 'median_of_medians': float(np.median([lpct(d, 50)['linear'] for d in aps])),
         'median_all_year_maxima': float(np.median([PER[d]['lst_max'] for d in ds]))})

    best = {m: max(lpct(d, 50)[m] for d in ds) for m in INTERP}
    put('o2', best, 'K', TK,
        f'the largest of the per-date median LSTs of 2019 ({LSTDATES_NOTE}; interpolations spanned); {LSTDEF}.',
        {'median_of_maxima': float(np.median([PER[d]['lst_max'] for d in ds])), 'highest_mean': max(lmean(d) for d in ds),
         'hottest_pixel': max(PER[d]['lst_max'] for d in ds), 'pooled_median': hpct(sum(HL[d] for d in ds), 0, 50, 50.0)['linear']})

    jja = lst_dates(in_months({6, 7, 8}))
    mp = {m: float(np.mean([lpct(d, 90)[m] for d in jja])) for m in INTERP}
    pj = pooled(jja)
    put('o3', mp, 'K', TK,
        f'mean of the per-date 90th percentiles of LST over the six June-August dates ({jja}; each p90 over that '
        f'date\'s valid pixels; interpolations spanned); {LSTDEF}.',
        {'pooled_p90': pj['p90']['linear'], 'mean_of_means': period_lst(jja),
         'median_of_p90s': float(np.median([lpct(d, 90)['linear'] for d in jja])),
         'max_of_p90s': max(lpct(d, 90)['linear'] for d in jja)})

    mam = lst_dates(in_months({3, 4, 5}))
    pm = pooled(mam)
    dd = {m: pm['p90'][m] - float(np.mean([lpct(d, 90)[m] for d in mam])) for m in INTERP}
    put('o4', dd, 'K', TK,
        f'pooled 90th percentile of every valid LST pixel of the six spring dates ({mam}) minus the mean of their '
        f'per-date 90th percentiles (positive: the pooled one is higher; same interpolation on both sides, spanned); '
        f'{LSTDEF}.',
        {'sign_swapped': -dd['linear'], 'pooled_p90': pm['p90']['linear'],
         'mean_of_p90s': float(np.mean([lpct(d, 90)['linear'] for d in mam])),
         'pooled_mean_minus_mean_of_means': pm['mean'] - period_lst(mam)},
        extra={'pooled_p90': pm['p90'], 'pixel_dates': pm['n']})

    nm = {g: [nmean(d, g) for d in DATES] for g in ('01', 'loose')}
    pooled_std = {}
    for g in ('01',):
        s = sum(PER[d][f'ndvi_{g}']['n'] * (PER[d][f'ndvi_{g}']['std'] ** 2 + PER[d][f'ndvi_{g}']['mean'] ** 2) for d in DATES)
        n = sum(PER[d][f'ndvi_{g}']['n'] for d in DATES)
        mu = sum(PER[d][f'ndvi_{g}']['n'] * PER[d][f'ndvi_{g}']['mean'] for d in DATES) / n
        pooled_std[g] = math.sqrt(s / n - mu * mu)
    put('o5', {'pop_std_01': float(np.std(nm['01']))}, 'NDVI', IDX,
        'population standard deviation (ddof = 0) of the 23 per-date mean NDVIs of 2019, each mean with only '
        f'0 <= NDVI <= 1 kept (stated); {NDVIDEF}.',
        {'sample_std': float(np.std(nm['01'], ddof=1)), 'loose_reading': float(np.std(nm['loose'])),
         'pooled_pixel_std': pooled_std['01'], 'mean_of_per_date_std': float(np.mean([PER[d]['ndvi_01']['std'] for d in DATES]))})

    months = {m: [d for d in ds if int(d[5:7]) == m] for m in range(1, 13)}
    assert all(months[m] for m in months)
    mmeans = {m: float(np.mean([lmean(d) for d in v])) for m, v in months.items()}
    rng = max(mmeans.values()) - min(mmeans.values())
    pm_ = {m: pooled(v)['mean'] for m, v in months.items()}
    put('o6', {'range': rng, 'range_of_pooled_monthly_means': max(pm_.values()) - min(pm_.values())}, 'K', TK,
        'range (highest minus lowest) of the twelve monthly mean LSTs of 2019, each month the mean of its per-date '
        f'means (pooled monthly means give the same range within 0.002 K, spanned) ({LSTDATES_NOTE}: February = 2019-02-18, September = 2019-09-14, December = 2019-12-03 alone); {LSTDEF}.',
        {'range_of_per_date_means': max(lmean(d) for d in ds) - min(lmean(d) for d in ds),
         'hottest_minus_coldest_pixel': max(PER[d]['lst_max'] for d in ds) - min(PER[d]['lst_min'] for d in ds),
         'std_of_monthly_means': float(np.std(list(mmeans.values())))},
        extra={'monthly_means': mmeans})

    mn = {g: {m: float(np.mean([nmean(d, g) for d in DATES if int(d[5:7]) == m])) for m in range(1, 13)} for g in ('01', 'loose')}
    low = min(mn['01'], key=mn['01'].get)
    put('o7', {'lowest_01': mn['01'][low]}, 'NDVI', IDX,
        f'the lowest of the twelve monthly mean NDVIs of 2019 (month {low}), each month the mean of its per-date means, '
        f'only 0 <= NDVI <= 1 kept (stated); {NDVIDEF}.',
        {'lowest_per_date_mean': min(nmean(d, '01') for d in DATES), 'loose_reading': min(mn['loose'].values()),
         'highest_monthly': max(mn['01'].values()), 'mean_of_monthly': float(np.mean(list(mn['01'].values())))},
        extra={'monthly_means_01': mn['01']})

    med = {g: float(np.median(nm[g])) for g in ('01', 'loose')}
    put('o8', {'median_01': med['01']}, 'NDVI', IDX,
        'median of the 23 per-date mean NDVIs of 2019 (23 values: the middle one under every interpolation), each '
        f'mean with only 0 <= NDVI <= 1 kept (stated); {NDVIDEF}.',
        {'mean_of_means': float(np.mean(nm['01'])), 'loose_reading': med['loose'],
         'median_of_medians': float(np.median([npct(d, 50, '01')['linear'] for d in DATES])),
         'mean_of_medians': float(np.mean([npct(d, 50, '01')['linear'] for d in DATES]))})


# ================================================================================================ compound
def compound():
    d = '2019-08-29'
    bl = PER[d]['lst_blocks']
    r = half_readings(bl, 'west', 'east', 50.0)
    assert all(v > 0 for v in r.values())
    put('y1', r, 'K', TK,
        f'"was the western half warmer than the eastern half on {d}, and by how much": yes; the value asked is west '
        f'minus east mean LST, positive ({HALVES}); {LSTDEF}.',
        {'fahrenheit': 1.8 * np.mean(list(r.values())), 'north_minus_south': np.mean(list(half_readings(bl, 'north', 'south', 50.0).values())),
         'sign_swapped': -np.mean(list(r.values())), 'west_mean': region_mean(bl, 'west', 1286, 1299, 50.0)})

    a, b = '2019-06-26', '2019-07-28'
    dd = {m: lpct(a, 50)[m] - lpct(b, 50)[m] for m in INTERP}
    assert all(v > 0 for v in dd.values())
    put('y2', dd, 'K', TK,
        f'"was {a} warmer than {b} by median LST, and by how many kelvin": yes; the value asked is the median of {a} '
        f'minus the median of {b}, positive (interpolations spanned); {LSTDEF}.',
        {'mean_diff': lmean(a) - lmean(b), 'sign_swapped': -dd['linear'], 'fahrenheit': 1.8 * dd['linear'],
         'median_a': lpct(a, 50)['linear']})

    m = CLEAR & has('B4', 'B5')
    cuts = {}
    for rc in (129, 130):
        nmask = m.copy()
        nmask[rc:] = False
        smask = m.copy()
        smask[:rc] = False
        cuts[f'r{rc}'] = float(TOA_NDVI[nmask].mean() - TOA_NDVI[smask].mean())
    allm = has('B4', 'B5')
    nk = allm.copy()
    nk[129:] = False
    sk = allm.copy()
    sk[:129] = False
    v = np.mean(list(cuts.values()))
    assert v > 0
    put('y3', cuts, 'NDVI', IDX,
        '"is the cloud-free northern half of the 2017-08-13 Landsat scene greener (higher mean TOA-reflectance NDVI) '
        'than the cloud-free southern half, and by how much": yes; north minus south mean TOA NDVI (no sun-elevation '
        'correction) over the pixels with BQA bits 0 and 4 both 0 and B4, B5 > 0 (row cut 129 / 130 spanned).',
        {'clouds_kept': float(TOA_NDVI[nk].mean() - TOA_NDVI[sk].mean()), 'sign_swapped': -v,
         'raw_dn': float(RAW_NDVI[nk & m].mean() - RAW_NDVI[sk & m].mean()),
         'ratio': float(TOA_NDVI[nk & m].mean() / TOA_NDVI[sk & m].mean())})


# ============================================================================================== answer forms
def answer_forms():
    octo, nov = in_months({10}), in_months({11})
    v = period_lst(octo) - period_lst(nov)
    put('af1', {'F': 1.8 * v}, '°F', TK,
        f'how many °F colder November was than October by monthly mean LST (October = {lst_dates(octo)}, November = '
        f'{nov}, each the mean of its per-date means): 1.8 x (October - November), a temperature difference, no +32; '
        f'{LSTDEF}.',
        {'kelvin': v, 'plus_32': 1.8 * v + 32, 'sign_swapped': -1.8 * v,
         'pooled_F': 1.8 * (pooled(lst_dates(octo))['mean'] - pooled(nov)['mean'])})

    a, b = '2019-11-17', '2019-11-01'
    fa = PER[a]['lst_below_0C'] / PER[a]['lst_valid']
    fb = PER[b]['lst_below_0C'] / PER[b]['lst_valid']
    put('af2', {'fraction_diff': fa - fb}, 'fraction', IDX,
        f'fraction (0-1) of the valid LST pixels below 0 °C (DN < 13657.5, no pixel on it) on {a} minus that on {b}, '
        f'as a fraction, not a percent; {LSTDEF}.',
        {'points': 100 * (fa - fb), 'relative_change': (fa - fb) / fb if fb else 1e9, 'sign_swapped': fb - fa,
         'of_all_pixels': (PER[a]['lst_below_0C'] - PER[b]['lst_below_0C']) / (NR * NC)},
        extra={'fractions': {a: fa, b: fb}})

    a, b = '2019-07-12', '2019-08-13'
    ar = {w: (area(a, 'ndvi_gt05', w) - area(b, 'ndvi_gt05', w)) / 1e6 for w in ('sphere', 'ellipsoid')}
    ar.update({f'inclusive_{w}': (area(a, 'ndvi_ge05', w) - area(b, 'ndvi_ge05', w)) / 1e6 for w in ('sphere', 'ellipsoid')})
    put('af3', ar, 'km2', None,
        f'true ground area with NDVI above 0.5 on {a} minus that on {b}, km2 (sphere and ellipsoid, strict DN > 5000 '
        'and inclusive DN >= 5000 spanned; 0.5 % relative tolerance of the difference); ' + NDVIDEF + '.',
        {'nominal_900m2': 900 * (PER[a]['ndvi_gt05'] - PER[b]['ndvi_gt05']) / 1e6, 'sign_swapped': -ar['sphere'],
         'hectares_number': 100 * ar['sphere']},
        rel=0.005, extra={'eq_05_px': {a: PER[a]['ndvi_eq05'], b: PER[b]['ndvi_eq05']}})

    a, b = '2019-08-29', '2019-07-28'
    ar = {w: (area(a, 'lst_gt35C', w) - area(b, 'lst_gt35C', w)) / 1e4 for w in ('sphere', 'ellipsoid')}
    put('af4', ar, 'ha', None,
        f'true ground area of the pixels warmer than 35 °C (308.15 K, DN > 15407.5, no pixel on it) on {a} minus that '
        f'on {b}, in hectares (sphere and ellipsoid spanned; 0.5 % relative tolerance of the difference); {LSTDEF}.',
        {'nominal_900m2_ha': 900 * (PER[a]['rows']['lst_gt35C'].sum() - PER[b]['rows']['lst_gt35C'].sum()) / 1e4,
         'km2_number': ar['sphere'] / 100, 'sign_swapped': -ar['sphere'],
         'ratio': area(a, 'lst_gt35C', 'sphere') / area(b, 'lst_gt35C', 'sphere')},
        rel=0.005, extra={'areas_ha': {a: area(a, 'lst_gt35C', 'sphere') / 1e4, b: area(b, 'lst_gt35C', 'sphere') / 1e4}})

    ds = lst_dates()
    k = sum(1 for d in ds if lmean(d) > 300)
    near = min(ds, key=lambda d: abs(lmean(d) - 300))
    put('af5', {'fraction': k / len(ds)}, 'fraction', IDX,
        f'fraction (0-1) of the {len(ds)} dates with valid LST whose scene-mean LST is above 300 K ({k} dates; nearest '
        f'the line {near} at {lmean(near):.2f} K); {LSTDATES_NOTE}; {LSTDEF}.',
        {'count': k, 'percent': 100 * k / len(ds), 'of_23_files': k / 23, 'by_median': sum(1 for d in ds if lpct(d, 50)['linear'] > 300) / len(ds)})


# ================================================================================================== Landsat
def landsat():
    m = CLEAR & has('B10')
    cuts = {}
    for cc in (127, 128):
        w = m.copy()
        w[:, cc:] = False
        e = m.copy()
        e[:, :cc] = False
        cuts[f'c{cc}'] = float(BT10[w].mean() - BT10[e].mean())
    v = np.mean(list(cuts.values()))
    allm = has('B10')
    w_, e_ = allm.copy(), allm.copy()
    w_[:, 127:] = False
    e_[:, :127] = False
    put('ls1', cuts, '°C', TK,
        'cloud-free (BQA bits 0 and 4 both 0, B10 > 0) mean band 10 brightness temperature of the western half minus '
        'the eastern half of the 2017-08-13 Landsat scene, as a °C difference (= K; column cut 127 / 128 spanned).',
        {'sign_swapped': -v, 'clouds_kept': float(BT10[w_].mean() - BT10[e_].mean()), 'fahrenheit': 1.8 * v})

    v4 = has('B4', 'B5')
    cl = CLEAR & v4
    cd = CLOUD & ~FILL & v4
    r = float(TOA_NDVI[cl].mean() / TOA_NDVI[cd].mean())
    put('ls2', {'ratio': r}, 'ratio', IDX,
        'mean TOA-reflectance NDVI (no sun-elevation correction) of the cloud-free pixels (BQA bits 0 and 4 both 0) '
        'divided by that of the cloud pixels (bit 4 set, not fill), 2017-08-13 Landsat scene, bands 4 and 5 > 0.',
        {'inverse': 1 / r, 'raw_dn_ratio': float(RAW_NDVI[cl].mean() / RAW_NDVI[cd].mean()),
         'difference': float(TOA_NDVI[cl].mean() - TOA_NDVI[cd].mean()),
         'clear_over_all': float(TOA_NDVI[cl].mean() / TOA_NDVI[v4].mean())},
        extra={'means': {'clear': float(TOA_NDVI[cl].mean()), 'cloud': float(TOA_NDVI[cd].mean())}})

    nf = ~FILL
    cloud = CLOUD & nf
    cuts = {}
    for cc in (127, 128):
        cuts[f'c{cc}'] = 100 * float(cloud[:, :cc].sum() / nf[:, :cc].sum() - cloud[:, cc:].sum() / nf[:, cc:].sum())
    v = np.mean(list(cuts.values()))
    put('ls3', cuts, 'percentage points', PCT,
        'share of the non-fill pixels (BQA bit 0 = 0) that carry the cloud bit (bit 4) in the western half minus the '
        'share in the eastern half of the 2017-08-13 BQA, in percentage points (column cut 127 / 128 spanned).',
        {'sign_swapped': -v, 'of_all_pixels': 100 * float(cloud[:, :127].sum() / cloud[:, :127].size - cloud[:, 127:].sum() / cloud[:, 127:].size),
         'relative_pct': 100 * v / (100 * float(cloud[:, 127:].sum() / nf[:, 127:].sum())),
         'west_share': 100 * float(cloud[:, :127].sum() / nf[:, :127].sum())})

    r5 = rho('B5')
    v5 = has('B5')
    scene = float(r5[v5].mean())
    cuts = {}
    for rc in (129, 130):
        for cc in (127, 128):
            q = v5.copy()
            q[rc:] = False
            q[:, cc:] = False
            cuts[f'r{rc}_c{cc}'] = 100 * float(r5[q].mean()) / scene
    v = np.mean(list(cuts.values()))
    q = v5.copy()
    q[129:] = False
    q[:, 127:] = False
    rest = v5 & ~q
    nf5 = v5 & ~FILL
    qn_ = q & ~FILL
    bqa_reading = 100 * float(r5[qn_].mean()) / float(r5[nf5].mean())
    put('ls4', cuts, '%', PCHG,
        'mean band 5 TOA reflectance (2e-5 DN - 0.1, no sun-elevation correction, B5 DN > 0; the question says the '
        'BQA is not used) of the north-west quadrant as a percentage of the whole scene\'s mean band 5 reflectance '
        '(quadrant cuts rows 129 / 130, columns 127 / 128 spanned). Masking with the BQA fill bit instead would give '
        f'{bqa_reading:.2f} %.',
        {'percent_difference': v - 100, 'raw_dn_percent': 100 * float(LB['B5'][q].mean() / LB['B5'][v5].mean()),
         'of_the_rest': 100 * float(r5[q].mean() / r5[rest].mean()), 'fraction': v / 100,
         'bqa_nonfill_mask': bqa_reading},
        extra={'nw_mean': float(r5[q].mean()), 'scene_mean': scene})


# ================================================================================================== TVDI
def tvdi_refs():
    a, b = '2019-08-13', '2019-06-10'
    r = {e: tvm(a, e) - tvm(b, e) for e in ('up', 'down')}
    put('tv1', r, 'TVDI', TVT,
        f'mean TVDI of {a} minus mean TVDI of {b} (benchmark-README TVDI per date, both bin-edge assignments); '
        f'{LSTDEF}, {NDVIDEF}.',
        {'sign_swapped': -r['up'], 'ratio': tvm(a, 'up') / tvm(b, 'up'),
         'lst_diff': lmean(a) - lmean(b), 'percent_change': 100 * r['up'] / tvm(b, 'up')})

    mam = [d for d in in_months({3, 4, 5}) if 'tvdi' in PER[d]]
    jja = [d for d in in_months({6, 7, 8}) if 'tvdi' in PER[d]]
    r = {}
    for e in ('up', 'down'):
        sp = np.mean([tvm(d, e) for d in mam])
        su = np.mean([tvm(d, e) for d in jja])
        r[e] = 100 * (su - sp) / sp
    sp = np.mean([tvm(d, 'up') for d in mam])
    su = np.mean([tvm(d, 'up') for d in jja])
    put('tv2', r, '%', PCHG,
        f'percent change of the mean TVDI from spring ({mam}) to summer ({jja}), relative to spring (stated): each '
        f'season the mean of its per-date mean TVDIs; both bin-edge assignments spanned.',
        {'relative_to_summer': 100 * (su - sp) / su, 'points_x100': 100 * (su - sp), 'difference': su - sp,
         'ratio': su / sp,
         'pixel_weighted': 100 * (sum(tvm(d, 'up') * PER[d]['tvdi']['up']['n'] for d in jja) / sum(PER[d]['tvdi']['up']['n'] for d in jja)
                                  - sum(tvm(d, 'up') * PER[d]['tvdi']['up']['n'] for d in mam) / sum(PER[d]['tvdi']['up']['n'] for d in mam))
         / (sum(tvm(d, 'up') * PER[d]['tvdi']['up']['n'] for d in mam) / sum(PER[d]['tvdi']['up']['n'] for d in mam))},
        extra={'spring': sp, 'summer': su})


# ================================================================================================ refusals
def refusals():
    a, b = '2019-06-26', '2019-05-25'
    put_refuse('rf1', 'asks a yes/no judgement (whether one date\'s mean LST is higher than another\'s), not a value',
               'A bare "was A higher than B" has no number to judge and asks no difference. The facts: '
               f'{a} {lmean(a):.3f} K, {b} {lmean(b):.3f} K (yes).', facts={a: lmean(a), b: lmean(b)})
    d = '2019-06-10'
    put_refuse('rf2', 'asks a yes/no judgement (whether a median is above a threshold), not a value',
               f'A bare "is the median above 0.25" has no number to judge. The facts: median NDVI of {d} '
               f'{npct(d, 50, "01")["linear"]:.4f} (0..1), {npct(d, 50, "loose")["linear"]:.4f} (negatives kept): yes.',
               facts={'median_01': npct(d, 50, '01'), 'median_loose': npct(d, 50, 'loose')})
    ds = lst_dates()
    rk = sorted(ds, key=lambda d: -lmean(d))
    put_refuse('rf3', 'asks a rank below the first (the third-warmest date)',
               'Choice for this set: a rank below the first is refused (the brief for set 14 prefers refusal; set 13 '
               'expected the second-warmest date as a value). The facts: by scene mean the order is '
               + ', '.join(f'{d} {lmean(d):.3f} K' for d in rk[:4]) + '.', facts={'top4': [[d, lmean(d)] for d in rk[:4]]})
    rk = sorted(ds, key=lambda d: -lpct(d, 90)['linear'])
    put_refuse('rf4', 'asks a rank below the first (the second-highest per-date p90 LST)',
               'Choice for this set: a rank below the first is refused. The facts: per-date p90s '
               + ', '.join(f'{d} {lpct(d, 90)["linear"]:.2f} K' for d in rk[:3]) + '.',
               facts={'top3': [[d, lpct(d, 90)] for d in rk[:3]]})
    put_refuse('rf5', '"the average extreme" names no defined statistic (mean of per-date maxima, of per-date minima, '
               'of both, a pooled extreme, a percentile ...)', 'Each reading gives a different number; the question '
               'names none. July per-date maxima ' + ', '.join(f'{PER[d]["lst_max"]:.2f}' for d in in_months({7}))
               + ' K, minima ' + ', '.join(f'{PER[d]["lst_min"]:.2f}' for d in in_months({7})) + ' K.')
    d = '2019-07-12'
    bl = PER[d]['ndvi_01']['blocks']
    nn, ss = region_mean(bl, 'north', 1286, 1299, 1e4), region_mean(bl, 'south', 1286, 1299, 1e4)
    put_refuse('rf6', 'a "percent difference" between the north and south halves with no base named (north, south or '
               'their mean)', f'The three bases give different numbers on {d} (0..1 NDVI, floor cuts): '
               f'{100 * (nn - ss) / ss:.2f} % of the south, {100 * (nn - ss) / nn:.2f} % of the north, '
               f'{100 * (nn - ss) / ((nn + ss) / 2):.2f} % of their mean.', facts={'north': nn, 'south': ss})
    assert '2019-10-01' not in DATES
    put_refuse('rf7', 'no acquisition on 2019-10-01 (the nearest are 2019-09-30, which has no valid LST, and '
               '2019-10-16)', 'The series is 16-daily; no interpolation was asked.')
    put_refuse('rf8', 'no file holds snow cover (the q46 files hold LST and NDVI only)',
               'Snow cover needs a snow product or an NDSI from green and SWIR bands; neither is in the files, and a '
               'temperature below 0 °C is not snow.')
    zero = [d for d in ds if PER[d]['lst_gt300'] == 0]
    assert len(zero) >= 2
    put_refuse('rf9', f'a tie: {len(zero)} dates share the lowest share of valid LST above 300 K (0 %), so no single '
               'date is the minimum', 'The ranking cannot name one date; ' + ', '.join(zero) + ' have no pixel above '
               '300 K.', facts={'dates_with_zero': zero})


def main():
    selfcheck_landsat()
    pass_dates()
    comparisons()
    half_medians()
    ranks()
    order()
    compound()
    answer_forms()
    landsat()
    tvdi_refs()
    refusals()
    per = {}
    for d, r in PER.items():
        q = {k: v for k, v in r.items() if k not in ('lst_sum_dn', 'lst_sum_dn2', 'rows', 'lst_blocks')}
        for g in ('ndvi_01', 'ndvi_loose'):
            q[g] = {k: v for k, v in r[g].items() if k != 'blocks'}
        per[d] = q
    out = dict(sorted(REFS.items()))
    out['_facts'] = FACTS
    out['_per_date'] = per
    out['_meta'] = {'gdal': gdal.__version__, 'numpy': np.__version__, 'seconds': round(time.time() - T0, 1)}
    with open(OUT, 'w') as f:
        json.dump(out, f, indent=1, default=float)
    print(f'wrote {OUT} ({len(REFS)} references) in {time.time() - T0:.0f}s')


if __name__ == '__main__':
    sys.exit(main())
