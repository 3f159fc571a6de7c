#!/usr/bin/env python3
"""References of development set 11 (tests/dev-questions/questions-dev-11.jsonl), computed blind and independently.

Set 11 is about HOW DATES AND PERIODS ARE WRITTEN (numeric dates in several locales, ranges with dots, dashes and
arrows, month names with the year said once, restated periods, weeks, days of the year, quarters, halves, seasons,
foreign month abbreviations). The values are plain statistics on the 2019 Xinjiang LST / NDVI series (Earth-Bench task
46) and the Landsat 8 scene of 2017-08-13, so that a wrong reading of a date or a period gives a wrong number.

GDAL 3.6 + numpy, float64, population std. Every value keeps the readings a careful analyst could take where the
conventions differ (splits floor/round/ceil, percentile interpolations, 0..1 NDVI vs every non-nodata NDVI, TVDI bin
edges): the reference is the midpoint of the readings and the tolerance adds half their span. Where readings differ
beyond a tolerance the question states the reading and only that reading is kept (the other is in the `note`).
Every period keeps the list of acquisitions it holds (`dates`) and, where a misreading of the date gives another
value, the `misreadings` checked to be outside the tolerance.

Run from the project root: /usr/bin/python3 tests/dev-questions/compute_references_11.py   (~1-2 min on 2 cores)
Writes tests/dev-questions/references-11.json.
"""
import json
import math
import os
import sys
import time
from datetime import date, timedelta

import numpy as np
from osgeo import gdal

gdal.UseExceptions()
HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED') or os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared'))
Q46 = os.path.join(SHARED, 'benchmarks', 'earthbench-q46', 'files')
LSDIR = os.path.join(SHARED, 'fixtures', 'landsat8_L1TP_016037_20170813')
LSP = os.path.join(LSDIR, 'LC08_L1TP_016037_20170813_20170814_01_RT_')
OUT = os.path.join(HERE, 'references-11.json')

T0 = time.time()
INTERP = ('linear', 'lower', 'higher', 'nearest')
DATES = sorted({n.split('_')[1] for n in os.listdir(Q46) if n.endswith('.tif')})
assert len(DATES) == 23
C0 = 13657.5  # 273.15 K in LST DN (DN / 50); no DN lies on it


def yday(d):
    return date.fromisoformat(d).timetuple().tm_yday


def mon(d):
    return int(d[5:7])


def between(a, b, dates=None):
    """Acquisitions from a to b inclusive (ISO strings)."""
    return [d for d in (dates or DATES) if a <= d <= b]


def band(path, i=1):
    ds = gdal.Open(path)  # keep the dataset alive while its band is read (GDAL 3.6 segfaults otherwise)
    return ds.GetRasterBand(i).ReadAsArray()


# ================================================================================================ q46 access
class Day:
    """One acquisition: LST (K = DN / 50, valid DN > 0) and NDVI (DN / 10000, nodata -32768) and TVDI on demand."""

    def __init__(self, d):
        self.d = d
        self.ldn = band(os.path.join(Q46, f'Xinjiang_{d}_LST.tif')).astype(np.int64)
        self.ndn = band(os.path.join(Q46, f'Xinjiang_{d}_NDVI.tif')).astype(np.int64)
        self.L = self.ldn / 50.0
        self.lv = self.ldn > 0
        self.N = self.ndn / 10000.0
        self.nloose = self.ndn != -32768
        self.n01 = self.nloose & (self.ndn >= 0) & (self.ndn <= 10000)
        self._tv = {}

    def nmask(self, reading):
        return self.n01 if reading == '01' else self.nloose

    def tvdi(self, edge):
        """TVDI (benchmark README): pixels with valid LST and 0 <= NDVI <= 1; 100 equal bins between the min and max
        NDVI; per bin max LST (dry) and min LST (wet); each edge a least-squares line against the bin centres;
        (LST - wet) / (dry - wet) clipped to [0, 1]. `edge` decides which bin a value on a bin edge joins:
        'up' = floor((n - lo) / w) (the upper bin), 'down' = ceil(...) - 1 (the lower bin)."""
        if edge in self._tv:
            return self._tv[edge]
        m = self.lv & self.n01
        if m.sum() < 100:
            self._tv[edge] = None
            return None
        n, t = self.N[m], self.L[m]
        lo, hi = n.min(), n.max()
        w = (hi - lo) / 100.0
        k = np.floor((n - lo) / w) if edge == 'up' else np.ceil((n - lo) / w) - 1
        k = np.clip(k.astype(np.int64), 0, 99)
        centre = lo + w * (np.arange(100) + 0.5)
        dry = np.full(100, -np.inf)
        wet = np.full(100, np.inf)
        np.maximum.at(dry, k, t)
        np.minimum.at(wet, k, t)
        ok = np.isfinite(dry)
        pd = np.polyfit(centre[ok], dry[ok], 1)
        pw = np.polyfit(centre[ok], wet[ok], 1)
        tv = np.clip((t - np.polyval(pw, n)) / (np.polyval(pd, n) - np.polyval(pw, n)), 0.0, 1.0)
        out = np.full(self.L.shape, np.nan)
        out[m] = tv
        self._tv[edge] = out
        return out


_days = {}


def day(d):
    if d not in _days:
        if len(_days) > 3:
            _days.pop(next(iter(_days)))
        _days[d] = Day(d)
    return _days[d]


GT = gdal.Open(os.path.join(Q46, f'Xinjiang_{DATES[0]}_LST.tif')).GetGeoTransform()
NR, NC = 2573, 2599
assert GT[1] == 30 and GT[5] == -30 and GT[2] == 0 and GT[4] == 0


def cutpoints(n, parts):
    """For each of the parts - 1 cuts of an n-long axis: the set {floor, round half up, ceil} of k n / parts."""
    return [sorted({math.floor(k * n / parts), math.floor(k * n / parts + 0.5), math.ceil(k * n / parts)}) for k in range(1, parts)]


def pctl(x, q):
    return {m: float(np.percentile(x, q, method=m)) for m in INTERP}


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


def toa_ndvi():
    with np.errstate(divide='ignore', invalid='ignore'):
        r4, r5 = rho('B4'), rho('B5')
        return (r5 - r4) / (r5 + r4)


# ============================================================================================== bookkeeping
REFS, FACTS, PER = {}, {}, {}


def put(cid, readings, unit, tol, definition, note=None, rel=False, extra=None, misreadings=None):
    """misreadings: {label: value} of plausible wrong readings of the date / period; each must lie outside."""
    vals = [float(v) for v in readings.values()]
    lo, hi = min(vals), max(vals)
    value = (lo + hi) / 2
    t = (tol * abs(value) if rel else tol) + (hi - lo) / 2
    REFS[cid] = {'value': value, 'tolerance': t, 'unit': unit, 'readings': readings, 'definition': definition}
    if note:
        REFS[cid]['note'] = note
    if extra:
        REFS[cid].update(extra)
    if misreadings:
        for k, x in misreadings.items():
            assert abs(x - value) > t, f'{cid}: misreading {k} = {x} lies within the tolerance of {value} +- {t}'
        REFS[cid]['misreadings'] = {k: float(x) for k, x in misreadings.items()}
    print(f'{cid:6s} {value:.6f} +- {t:.6g} {unit}  [{time.time() - T0:.0f}s]')


def put_date(cid, ranking, definition, note=None, extra=None):
    """ranking: [(date, value)] best first; built only where the winner is clear."""
    REFS[cid] = {'value': ranking[0][0], 'tolerance': 0, 'unit': 'date', 'ranking': [list(r) for r in ranking[:3]],
                 'definition': definition}
    if note:
        REFS[cid]['note'] = note
    if extra:
        REFS[cid].update(extra)
    print(f'{cid:6s} {ranking[0][0]}  {ranking[:3]}')


def put_refuse(cid, reason, why, facts=None):
    REFS[cid] = {'kind': 'refuse', 'reason': reason, 'why': why}
    if facts is not None:
        REFS[cid]['facts'] = facts
    print(f'{cid:6s} refuse')


# ============================================================================================== self-checks
def selfcheck():
    expect = {'B4': (46100, 6101, 65035, 11195.847483731019), 'B5': (46101, 5784, 65535, 17401.865534370187),
              'B10': (45100, 4567, 30439, 25111.438403547672)}
    for b, (n, lo, hi, mean) in expect.items():
        x = LB[b][LB[b] > 0]
        assert (x.size, x.min(), x.max()) == (n, lo, hi) and abs(x.mean() - mean) <= 1e-9 * mean, b
    v = has('B4', 'B5')
    assert abs(toa_ndvi()[v].mean() - 0.31255227473382297) < 1e-9
    assert abs(BT10[has('B10')].mean() - 291.83230932684404) < 1e-6
    lgt = gdal.Open(LSP + 'B4.TIF').GetGeoTransform()
    assert lgt == (471585.0, 900.0, 0.0, 3787515.0, 0.0, -900.0), lgt
    # the calendar facts the questions rest on
    assert date.fromisocalendar(2019, 10, 1) == date(2019, 3, 4) and date.fromisocalendar(2019, 17, 7) == date(2019, 4, 28)
    assert date.fromisocalendar(2019, 24, 1) == date(2019, 6, 10) and date.fromisocalendar(2019, 27, 1) == date(2019, 7, 1)
    assert yday('2019-06-26') == 177 and yday('2019-06-10') == 161
    assert date(2019, 9, 15) - timedelta(days=41) == date(2019, 8, 5)  # six weeks ending 15 Sep = 5 Aug - 15 Sep
    assert date(2019, 6, 20) - timedelta(days=39) == date(2019, 5, 12)  # the 40 days ending 20 Jun = 12 May - 20 Jun
    FACTS['selfcheck'] = {'b10_bt_mean_K': float(BT10[has('B10')].mean()), 'toa_ndvi_mean': float(toa_ndvi()[v].mean())}


# =============================================================================================== per date
def per_date():
    for d in DATES:
        x = day(d)
        r = {'doy': yday(d), 'iso_week': date.fromisoformat(d).isocalendar()[1], 'weekday': date.fromisoformat(d).strftime('%a'),
             'lst_valid': int(x.lv.sum())}
        if x.lv.any():
            t = x.L[x.lv]
            r.update(lst_mean=float(t.mean()), lst_std=float(t.std()),
                     lst_share_below_0C=float(100 * (x.ldn[x.lv] < C0).mean()))
        r['ndvi_mean'] = {g: float(x.N[x.nmask(g)].mean()) for g in ('01', 'loose')}
        tv = {}
        for e in ('up', 'down'):
            a = x.tvdi(e)
            if a is not None:
                v = a[np.isfinite(a)]
                tv[e] = {'mean': float(v.mean()), 'n': int(v.size)}
        if tv:
            r['tvdi'] = tv
        PER[d] = r
        _days.pop(d, None)
    for e in ('up', 'down'):
        m = [PER[d]['tvdi'][e]['mean'] for d in DATES if 'tvdi' in PER[d]]
        assert len(m) == 20 and abs(np.mean(m) - 0.68999) < 2e-5, (e, np.mean(m))
    FACTS['tvdi_annual_mean_of_means'] = {e: float(np.mean([PER[d]['tvdi'][e]['mean'] for d in DATES if 'tvdi' in PER[d]]))
                                          for e in ('up', 'down')}
    empty = [d for d in DATES if PER[d]['lst_valid'] == 0]
    assert empty == ['2019-02-02', '2019-09-30', '2019-12-19'], empty
    print(f'per date done [{time.time() - T0:.0f}s]')


def lst_dates():
    return [d for d in DATES if PER[d]['lst_valid'] > 0]


def lmean(ds):
    """Mean of the per-date mean LST over the dates of ds that have valid LST (K)."""
    ds = [d for d in ds if PER[d]['lst_valid'] > 0]
    return float(np.mean([PER[d]['lst_mean'] for d in ds]))


def nmean(ds, g):
    return float(np.mean([PER[d]['ndvi_mean'][g] for d in ds]))


def tmean(ds, e):
    ds = [d for d in ds if 'tvdi' in PER[d]]
    return float(np.mean([PER[d]['tvdi'][e]['mean'] for d in ds]))


LSTDEF = 'LST = DN/50 K (DN 0 nodata)'
NDVIDEF = 'NDVI = DN/10000 (nodata -32768)'


# ====================================================================================== single days (statistics)
def statistics():
    p = PER
    put('s1', {'mean': p['2019-08-13']['lst_mean']}, 'K', 0.005,
        f'{LSTDEF}; 2019-08-13 ("13.08.2019" / "13/08/2019": the day part 13 > 12, so only one reading); mean of the '
        'valid pixels, in kelvin.')
    put('s2', {'mean': p['2019-03-06']['lst_mean'] - 273.15}, 'degC', 0.005,
        f'{LSTDEF}; 2019-03-06 ("06.03.2019", day.month stated); mean of the valid pixels, in degC (K - 273.15). The '
        'month.day reading (3 June) has no acquisition.')
    put('s3', {'01': p['2019-05-09']['ndvi_mean']['01']}, 'NDVI', 1e-4,
        f'{NDVIDEF}, pixels with 0 <= NDVI <= 1 (stated); 2019-05-09 ("09/05/2019", DD/MM/YYYY stated; 5 September has '
        'no acquisition); mean.', note=f'keeping negative NDVI gives {p["2019-05-09"]["ndvi_mean"]["loose"]:.5f}')
    x = day('2019-05-25')
    put('s4', pctl(x.L[x.lv], 50), 'K', 0.005,
        f'{LSTDEF}; 2019-05-25 (US "05/25/2019": 25 > 12, one reading); median of the valid pixels (linear, lower, '
        'higher and nearest interpolations spanned).', misreadings={'mean': p['2019-05-25']['lst_mean']})
    put('s5', {'01': p['2019-06-10']['ndvi_mean']['01']}, 'NDVI', 1e-4,
        f'{NDVIDEF}, pixels with 0 <= NDVI <= 1 (stated); 2019-06-10 ("10.06." / "10 Jun" with the year 2019 said '
        'elsewhere in the question); mean.', note=f'keeping negative NDVI gives {p["2019-06-10"]["ndvi_mean"]["loose"]:.5f}',
        misreadings={'2019-06-26': p['2019-06-26']['ndvi_mean']['01']})
    put('s6', {'mean': p['2019-07-12']['lst_mean'] - 273.15}, 'degC', 0.005,
        f'{LSTDEF}; 2019-07-12 ("12/07/2019" with day/month stated; 7 December has no acquisition); mean in degC.')
    put('s7', {'mean': p['2019-06-26']['lst_mean']}, 'K', 0.005,
        f'{LSTDEF}; day 177 of 2019 = 2019-06-26 ("A2019177", YYYYDDD as in MODIS file names); mean in kelvin.',
        misreadings={'doy176_0based_2019-06-25_none': p['2019-06-10']['lst_mean']})
    put('s8', {'count': p['2019-11-01']['lst_valid']}, 'pixels', 0.5,
        f'{LSTDEF}; 2019-11-01 ("01.11.2019", day.month stated; 11 January has no acquisition); number of pixels with '
        'valid LST (DN > 0).')
    put('s9', {'share': p['2019-12-03']['lst_share_below_0C']}, '%', 0.005,
        f'{LSTDEF}; 2019-12-03 ("03.12.2019" TT.MM.JJJJ / "Dec 3rd 2019"); percentage of the valid pixels with LST below '
        '0 degC (273.15 K = DN 13657.5, no pixel on it).')
    put('s10', {'01': p['2019-04-23']['ndvi_mean']['01']}, 'NDVI', 1e-4,
        f'{NDVIDEF}, pixels with 0 <= NDVI <= 1 (stated); 2019-04-23 ("23.IV.2019" with a Roman month / "20190423"); '
        'mean.', note=f'keeping negative NDVI gives {p["2019-04-23"]["ndvi_mean"]["loose"]:.5f}')


# ================================================================================================= periods
def periods():
    P = {}

    def per_lst(cid, ds, text, unit='K', mis=None, extra_def=''):
        v = lmean(ds)
        if unit == 'degC':
            v -= 273.15
        P[cid] = ds
        put(cid, {'mean_of_means': v}, unit, 0.005,
            f'{LSTDEF}; {text}: acquisitions {ds}' + (' (dates with no valid LST give no value and are left out)'
                                                      if any(PER[d]['lst_valid'] == 0 for d in ds) else '') +
            f'; mean of the per-date mean LST{" in degC" if unit == "degC" else ""}.{extra_def}',
            extra={'dates': ds}, misreadings=mis)

    def per_ndvi(cid, ds, text, mis=None):
        rd = {g: nmean(ds, g) for g in ('01', 'loose')}
        P[cid] = ds
        put(cid, {'01': rd['01']}, 'NDVI', 1e-4,
            f'{NDVIDEF}, pixels with 0 <= NDVI <= 1 (stated); {text}: acquisitions {ds}; mean of the per-date mean NDVI.',
            note=f'keeping negative NDVI gives {rd["loose"]:.5f}', extra={'dates': ds}, misreadings=mis)

    ds = between('2019-06-01', '2019-08-31')
    per_lst('p1', ds, '"01.06.-31.08.2019" = 1 June - 31 August 2019 inclusive',
            mis={'Jan-Aug (01.06 read as 6 Jan)': lmean(between('2019-01-06', '2019-08-31'))})
    ds = between('2019-01-01', '2019-07-31')
    per_ndvi('p2', ds, 'every 2019 acquisition from 1 January to 31 July inclusive (2019-02-02 has NDVI)',
             mis={'Jan-Jun': nmean(between('2019-01-01', '2019-06-30'), '01')})
    ds = between('2019-05-25', '2019-06-26')
    per_lst('p3', ds, '"25 May -> 26 Jun 2019", both ends included',
            mis={'ends only': lmean(['2019-05-25', '2019-06-26']), 'change 26 Jun - 25 May':
                 PER['2019-06-26']['lst_mean'] - PER['2019-05-25']['lst_mean']})
    ds = [d for d in DATES if 4 <= mon(d) <= 7]
    per_lst('p4', ds, '"Apr->Jul 2019" = April through July 2019 inclusive',
            mis={'Apr-Jun': lmean([d for d in DATES if 4 <= mon(d) <= 6])})
    ds = between('2019-03-03', '2019-05-09')
    per_ndvi('p5', ds, 'from 3 March to 9 May 2019, 9 May included (stated)',
             mis={'9 May excluded': nmean(between('2019-03-03', '2019-05-08'), '01')})
    ds = between('2019-08-05', '2019-09-15')
    per_lst('p6', ds, 'the six weeks ending 15.09.2019, restated in the question as 5 August - 15 September 2019',
            mis={'with 07-28': lmean(between('2019-07-28', '2019-09-15'))})
    ds = between('2019-03-04', '2019-04-28')
    per_lst('p7', ds, 'ISO weeks 10-17 of 2019 = Mon 4 March - Sun 28 April 2019 (restated in the question)',
            mis={'weeks 10-16 (to 21 Apr)': lmean(between('2019-03-04', '2019-04-21'))})
    ds = between('2019-05-12', '2019-06-20')
    per_lst('p8', ds, 'the 40 days ending 20.06.2019 = 12 May - 20 June (11 May - 19 June if the end day is not counted: '
            'the same acquisitions)', mis={'with 05-09': lmean(between('2019-05-09', '2019-06-20'))})
    ds = [d for d in DATES if mon(d) >= 10]
    per_lst('p9', ds, 'Q4/2019 = October-December 2019',
            mis={'Q3': lmean([d for d in DATES if 7 <= mon(d) <= 9])})
    ds = [d for d in DATES if mon(d) >= 7]
    per_ndvi('p10', ds, 'the second half of 2019 (2. Halbjahr) = 1 July - 31 December 2019',
             mis={'H1': nmean([d for d in DATES if mon(d) <= 6], '01')})
    ds = [d for d in DATES if mon(d) in (5, 6, 9)]
    per_lst('p11', ds, 'the months Mai, Juni, Sept. (May, June, September) 2019, every acquisition in them weighted '
            'equally (stated)', mis={'mean of the three monthly means': float(np.mean(
                [lmean([d for d in DATES if mon(d) == m]) for m in (5, 6, 9)]))})
    ds = [d for d in DATES if mon(d) in (9, 10, 11)]
    per_lst('p12', ds, 'SON 2019 (September, October, November; stated as autumn)',
            mis={'JJA': lmean([d for d in DATES if mon(d) in (6, 7, 8)])})
    ds = [d for d in DATES if 100 <= yday(d) <= 160]
    assert ds == ['2019-04-23', '2019-05-09', '2019-05-25']
    per_lst('p13', ds, 'day-of-year 100-160 of 2019 inclusive = 10 April - 9 June (2019-06-10 is day 161)',
            mis={'with 06-10 (0-based DOY)': lmean(ds + ['2019-06-10'])})
    ds = between('2019-02-01', '2019-04-30')
    per_ndvi('p14', ds, 'the ISO 8601 interval "2019-02-01/2019-04-30" (1 February - 30 April 2019)',
             mis={'without 02-02': nmean([d for d in ds if d != '2019-02-02'], '01')})
    ds = ['2019-06-10', '2019-06-26']
    per_lst('p15', ds, '"10.06. und 26.06.2019" = the two days 10 June and 26 June 2019 (not the range between them, '
            'which holds the same two acquisitions)')
    ds = [d for d in DATES if 5 <= mon(d) <= 7]
    rd = {e: tmean(ds, e) for e in ('up', 'down')}
    P['p16'] = ds
    put('p16', rd, 'TVDI', 5e-4,
        f'TVDI per date (benchmark README: valid LST and 0 <= NDVI <= 1, 100 NDVI bins, linear dry/wet edges, clipped); '
        f'"2019-05/2019-07" = May through July 2019: {ds}; mean of the per-date mean TVDI; both bin-edge assignments '
        'spanned.', extra={'dates': ds}, misreadings={'May-Jun': tmean([d for d in DATES if mon(d) in (5, 6)], 'up')})
    ds = [d for d in DATES if mon(d) in (1, 3, 11)]
    mm = float(np.mean([lmean([d for d in DATES if mon(d) == m]) for m in (1, 3, 11)]))
    assert abs(mm - lmean(ds)) < 1e-9  # two acquisitions with LST in each month: both weightings agree
    per_lst('p17', ds, 'the months "janv., mars, nov." (January, March, November) 2019 (two acquisitions with LST in '
            'each, so the mean of the dates equals the mean of the three monthly means)',
            mis={'Jan-Nov range': lmean(between('2019-01-01', '2019-11-30')),
                 'Jan, May, Nov (mars read as May)': lmean([d for d in DATES if mon(d) in (1, 5, 11)])})
    FACTS['period_dates'] = P


# ============================================================================================= comparisons
def comparisons():
    p = PER
    a, b = '2019-04-23', '2019-08-29'
    rd = {g: p[b]['ndvi_mean'][g] - p[a]['ndvi_mean'][g] for g in ('01', 'loose')}
    put('c1', {'01': rd['01']}, 'NDVI', 1e-4,
        f'{NDVIDEF}, 0 <= NDVI <= 1 (stated); mean NDVI of 2019-08-29 minus mean NDVI of 2019-04-23.',
        note=f'keeping negative NDVI gives {rd["loose"]:.5f}; Apr {p[a]["ndvi_mean"]["01"]:.5f}, Aug {p[b]["ndvi_mean"]["01"]:.5f}',
        misreadings={'Apr minus Aug': -rd['01']})
    a, b = '2019-04-07', '2019-08-13'
    put('c2', {'diff': p[b]['lst_mean'] - p[a]['lst_mean']}, 'K', 0.005,
        f'{LSTDEF}; mean LST of 2019-08-13 ("13/08/2019") minus mean LST of 2019-04-07 ("07/04/2019", dd/mm/yyyy '
        'stated; 4 July has no acquisition), in kelvin.',
        note=f'2019-04-07 has only {p[a]["lst_valid"]} valid LST pixels (13 % of the image)', misreadings={
            'reversed': p[a]['lst_mean'] - p[b]['lst_mean']})
    a, b = '2019-04-07', '2019-08-29'
    rd = {g: 100 * (p[b]['ndvi_mean'][g] - p[a]['ndvi_mean'][g]) / p[a]['ndvi_mean'][g] for g in ('01', 'loose')}
    put('c3', {'01': rd['01']}, '%', 0.01,
        f'{NDVIDEF}, 0 <= NDVI <= 1 (stated); percent change of the mean NDVI from 2019-04-07 ("07.04.2019") to '
        '2019-08-29 ("29.08.2019"), relative to the April value: (Aug - Apr) / Apr x 100.',
        note=f'keeping negative NDVI gives {rd["loose"]:.3f} %', misreadings={
            'relative to August': 100 * (p[b]['ndvi_mean']['01'] - p[a]['ndvi_mean']['01']) / p[b]['ndvi_mean']['01']})
    su, sp = between('2019-06-01', '2019-08-31'), between('2019-03-01', '2019-05-31')
    put('c4', {'diff': lmean(su) - lmean(sp)}, 'K', 0.005,
        f'{LSTDEF}; summer "01.06.-31.08.2019" {su} minus spring "01.03.-31.05.2019" {[d for d in sp]}; each period = mean '
        'of its per-date mean LST; difference in kelvin.', extra={'summer': su, 'spring': sp})
    a, b = '2019-06-26', '2019-08-13'
    rd = {g: p[b]['ndvi_mean'][g] / p[a]['ndvi_mean'][g] for g in ('01', 'loose')}
    put('c5', rd, 'ratio', 1e-4,
        f'{NDVIDEF}; mean NDVI of 2019-08-13 ("13/08") divided by mean NDVI of 2019-06-26 ("26/06"), year 2019 stated '
        'once; 0..1 and every-non-nodata readings spanned.', misreadings={'inverse': 1 / rd['01']})
    may, octo = [d for d in DATES if mon(d) == 5], [d for d in DATES if mon(d) == 10]
    put('c6', {'diff': lmean(may) - lmean(octo)}, 'K', 0.005,
        f'{LSTDEF}; May 2019 ("Mai") {may} minus October 2019 ("Okt.") {octo}; each month = mean of its per-date mean '
        'LST; difference in kelvin.', misreadings={'Mar minus Oct (Mär)': lmean([d for d in DATES if mon(d) == 3]) - lmean(octo)})
    a, b = '2019-07-12', '2019-12-03'
    put('c7', {'diff': p[a]['lst_mean'] - p[b]['lst_mean']}, 'degC', 0.005,
        f'{LSTDEF}; mean LST of 2019-07-12 ("12.07.") minus mean LST of 2019-12-03 ("03.12."), year 2019 and day.month '
        'stated; a temperature difference, the same in kelvin and degC.')


# ================================================================================================== series
def series():
    ds = between('2019-03-01', '2019-06-30')
    x = np.array([yday(d) for d in ds], float)
    y = np.array([PER[d]['lst_mean'] for d in ds])
    s = float(np.polyfit(x, y, 1)[0])
    put('e1', {'slope': s}, 'K/day', 0.0005,
        f'{LSTDEF}; "01.03.-30.06.2019": {ds}; least-squares slope of the per-date mean LST against the day of the '
        'year, in kelvin per day.', extra={'dates': ds})


# ============================================================================================== controls
def controls():
    p = PER
    # x1: region: western half of 2019-06-26, mean LST
    x = day('2019-06-26')
    rd = {f'c{c}': float(x.L[:, :c][x.lv[:, :c]].mean()) for c in cutpoints(NC, 2)[0]}
    put('x1', rd, 'K', 0.005,
        f'{LSTDEF}; 2019-06-26 ("26.06.2019"); western (left) half of the 2599 columns (cut at {cutpoints(NC, 2)[0]}, '
        'spanned); mean of the valid pixels.')
    # x2: region: NE quadrant, mean NDVI, 2019-08-13
    x = day('2019-08-13')
    rd = {}
    for g in ('01', 'loose'):
        for r in cutpoints(NR, 2)[0]:
            for c in cutpoints(NC, 2)[0]:
                rd[f'{g}_r{r}_c{c}'] = float(x.N[:r, c:][x.nmask(g)[:r, c:]].mean())
    put('x2', rd, 'NDVI', 1e-4,
        f'{NDVIDEF}; 2019-08-13 (US "08/13/2019"); north-east quadrant (top rows, right columns; cuts at rows '
        f'{cutpoints(NR, 2)[0]}, columns {cutpoints(NC, 2)[0]}); mean; 0..1 and every-non-nodata readings spanned.')
    # x3: units: share of valid LST above 35 degC on 2019-07-28
    x = day('2019-07-28')
    thr = (35 + 273.15) * 50
    assert not (x.ldn[x.lv] == thr).any()
    put('x3', {'share': float(100 * (x.ldn[x.lv] > thr).mean())}, '%', 0.005,
        f'{LSTDEF}; 2019-07-28 ("28/07/2019"); percentage of the valid pixels with LST > 35 degC (308.15 K = DN '
        '15407.5, no pixel on it).')
    # x4: units: pixel count above 100 degF on 2019-08-13
    x = day('2019-08-13')
    thr_k = (100 - 32) / 1.8 + 273.15
    nearest = float(np.min(np.abs(x.L[x.lv] - thr_k)))
    put('x4', {'count': int((x.L[x.lv] > thr_k).sum())}, 'pixels', 0.5,
        f'{LSTDEF}; 2019-08-13 ("Aug 13 \'19"); number of valid pixels warmer than 100 degF = {thr_k:.4f} K.',
        note=f'closest LST to the threshold: {nearest:.4f} K away')
    # x5: derived: mean LST where TVDI > 0.8 on 2019-08-29
    x = day('2019-08-29')
    rd = {}
    for e in ('up', 'down'):
        a = x.tvdi(e)
        sel = np.isfinite(a) & (a > 0.8)
        rd[e] = float(x.L[sel].mean())
        FACTS[f'x5_{e}'] = {'px': int(sel.sum()), 'on_0.8': int((np.isfinite(a) & (a == 0.8)).sum())}
    put('x5', rd, 'K', 0.005,
        'TVDI of 2019-08-29 ("20190829"; benchmark README); pixels with TVDI > 0.8; mean LST (DN/50); both bin-edge '
        'assignments spanned.')
    # x6: derived: share of TVDI < 0.3 among pixels with a TVDI, ISO week 24 of 2019 (2019-06-10)
    x = day('2019-06-10')
    rd = {}
    for e in ('up', 'down'):
        a = x.tvdi(e)
        f = np.isfinite(a)
        rd[e] = float(100 * (a[f] < 0.3).mean())
    assert [d for d in DATES if date.fromisoformat(d).isocalendar()[1] == 24] == ['2019-06-10']
    put('x6', rd, '%', 0.005,
        'ISO week 24 of 2019 (Mon 10 June - Sun 16 June) holds one acquisition, 2019-06-10; TVDI (benchmark README); '
        'percentage of the pixels that have a TVDI with TVDI < 0.3; both bin-edge assignments spanned.')
    # x7: derived: mean NDVI where LST > 310 K strictly on 2019-09-14
    x = day('2019-09-14')
    rd = {}
    for g in ('01', 'loose'):
        sel = x.lv & (x.ldn > 15500) & x.nmask(g)
        rd[g] = float(x.N[sel].mean())
    FACTS['x7'] = {'on_310K': int((x.ldn == 15500).sum()), 'above': int((x.lv & (x.ldn > 15500)).sum()),
                   'ge_mean_01': float(x.N[x.lv & (x.ldn >= 15500) & x.n01].mean())}
    put('x7', rd, 'NDVI', 1e-4,
        f'{LSTDEF}, {NDVIDEF}; 2019-09-14 ("14/09/2019", DD/MM); pixels with LST strictly above 310 K (DN > 15500, '
        'stated) and an NDVI; mean NDVI; 0..1 and every-non-nodata readings spanned.',
        note=f'{FACTS["x7"]["on_310K"]} px lie exactly on 310 K; with them the 0..1 mean is {FACTS["x7"]["ge_mean_01"]:.5f}')
    # x8-x10: Landsat BQA
    v = CLEAR & has('B10')
    put('x8', {'mean': float(BT10[v].mean())}, 'K', 0.005,
        'Landsat 8 2017-08-13 ("13.08.2017"); BQA cloud-free (bit 0 fill and bit 4 cloud both 0) with B10 > 0; band 10 '
        'brightness temperature from the MTL (radiance rescaling, K1, K2); mean in kelvin.', note=f'{int(v.sum())} px')
    nf = ~FILL
    put('x9', {'share': float(100 * (CLOUD & nf).sum() / nf.sum())}, '%', 0.005,
        'Landsat 8 2017-08-13 (US "08/13/2017"); BQA: percentage of the non-fill pixels (bit 0 = 0) that carry the '
        'cloud bit 4.', note=f'{int((CLOUD & nf).sum())} of {int(nf.sum())} px')
    v = CLEAR & has('B4', 'B5')
    put('x10', {'mean': float(toa_ndvi()[v].mean())}, 'NDVI', 1e-4,
        'Landsat 8 2017-08-13 ("13-Aug-2017"); BQA cloud-free (bits 0 and 4 both 0) with B4, B5 > 0; TOA NDVI (bands 5 '
        'and 4, 2e-5 DN - 0.1; a sun-elevation correction cancels); mean.', note=f'{int(v.sum())} px')
    # x11: count of dates between 01.04. and 30.09.2019 with mean LST above 300 K
    ds = [d for d in between('2019-04-01', '2019-09-30') if p[d]['lst_valid'] > 0]
    hot = [d for d in ds if p[d]['lst_mean'] > 300]
    near = sorted(ds, key=lambda d: abs(p[d]['lst_mean'] - 300))[:2]
    put('x11', {'count': len(hot)}, 'dates', 0.5,
        f'{LSTDEF}; acquisitions from 1 April to 30 September 2019 ("01.04.-30.09.2019") with valid LST ({len(ds)}; '
        f'2019-09-30 has none); dates whose mean LST is above 300 K: {hot}.',
        note=f'closest to 300 K: {[(d, round(p[d]["lst_mean"], 3)) for d in near]}', extra={'dates': hot})
    # x12: count of dates in Q1/2019 with at least one valid LST pixel
    ds = [d for d in DATES if mon(d) <= 3]
    ok = [d for d in ds if p[d]['lst_valid'] > 0]
    put('x12', {'count': len(ok)}, 'dates', 0.5,
        f'Q1/2019 (January-March) holds {len(ds)} acquisitions {ds}; those with at least one valid LST pixel: {ok} '
        '(2019-02-02 has none).', extra={'dates': ok})
    # x13: date of the highest mean LST in H1 2019
    ds = [d for d in lst_dates() if mon(d) <= 6]
    rk = sorted(((d, p[d]['lst_mean']) for d in ds), key=lambda t: -t[1])
    put_date('x13', rk, f'{LSTDEF}; first half of 2019 (1 January - 30 June, "H1 2019"); the acquisition with the highest '
             'mean LST (dates with no valid LST left out).')
    # x14: date of the lowest mean NDVI between 01.03. and 31.10.2019
    ds = between('2019-03-01', '2019-10-31')
    rks = {g: sorted(((d, p[d]['ndvi_mean'][g]) for d in ds), key=lambda t: t[1]) for g in ('01', 'loose')}
    assert rks['01'][0][0] == rks['loose'][0][0]
    put_date('x14', rks['01'], f'{NDVIDEF}; "01.03.-31.10.2019" (1 March - 31 October 2019): {ds}; the acquisition '
             'with the lowest mean NDVI (the same under the 0..1 and every-non-nodata readings).',
             note=f'every-non-nodata ranking: {rks["loose"][:3]}')


# ================================================================================================ refusals
def refusals():
    put_refuse('rf1', 'the date "03/04/2019" has no stated order and both parts are 12 or less (3 April or 4 March); '
               'neither reading is an acquisition (nearest 2019-03-06, 2019-04-07)',
               'The record is 16-daily; with no day/month order stated the date cannot be read with confidence, and '
               'under either reading there is no acquisition and no interpolation was asked.',
               facts={'2019-04-03': '2019-04-03' in DATES, '2019-03-04': '2019-03-04' in DATES})
    nov = between('2019-11-01', '2019-12-03')
    jan = between('2019-01-11', '2019-03-12')
    put_refuse('rf2', 'the range "01/11 - 03/12/2019" has no stated order: 1 November - 3 December or 11 January - '
               '12 March, both hold acquisitions and give different means',
               'Both parts of both ends are 12 or less, so day/month and month/day are both possible and the periods do '
               'not overlap.', facts={'dd/mm': {'dates': nov, 'mean_K': lmean(nov)},
                                      'mm/dd': {'dates': jan, 'mean_K': lmean(jan)}})
    put_refuse('rf3', '"13 August" has no year and the question names two data sets of different years: the Landsat '
               'scene of 2017-08-13 and the Xinjiang acquisition of 2019-08-13',
               'Both files hold a 13 August; which one is meant cannot be told.',
               facts={'landsat_b10_bt_mean_K': float(BT10[has('B10')].mean()),
                      'xinjiang_lst_mean_K': PER['2019-08-13']['lst_mean']})
    put_refuse('rf4', '"07/04/2019" is stated as MM/DD/YYYY, i.e. 4 July 2019, which has no acquisition (nearest '
               '2019-06-26 and 2019-07-12)',
               'The day/month reading (7 April) would have an acquisition, but the question states the US order.',
               facts={'2019-07-04': '2019-07-04' in DATES, '2019-04-07': '2019-04-07' in DATES})
    put_refuse('rf5', '"late spring 2019" names no dates: late May (2019-05-25), May (05-09, 05-25) or late May to '
               'the solstice (05-25, 06-10) are all possible and give different means',
               'No boundary of "late spring" is given in the question.',
               facts={k: lmean(v) for k, v in {'05-25': ['2019-05-25'], 'May': ['2019-05-09', '2019-05-25'],
                                                 '05-25+06-10': ['2019-05-25', '2019-06-10']}.items()})
    wk = [d for d in DATES if date.fromisoformat(d).isocalendar()[1] == 27]
    assert wk == []
    put_refuse('rf6', 'ISO week 27 of 2019 (Mon 1 July - Sun 7 July) holds no acquisition (nearest 2019-06-26 and '
               '2019-07-12)', 'The 16-daily record skips that week.', facts={'week27': wk})
    put_refuse('rf7', '"fiscal Q3 2019" depends on the fiscal-year start (July-Sept for a calendar year, Oct-Dec from '
               'April, Jan-Mar from July, Apr-Jun from October), which the question does not give',
               'Fiscal years differ by organisation and country; no start month is named.')
    d17 = [d for d in DATES if d.endswith('-17')]
    assert d17 == ['2019-01-17', '2019-11-17']
    put_refuse('rf8', '"the 17th" names no month: 2019-01-17 and 2019-11-17 are both acquisitions on a 17th',
               'The day alone does not identify one acquisition.',
               facts={d: PER[d]['lst_mean'] for d in d17})
    put_refuse('rf9', 'there is no 2018 file: 13.08.2018 cannot be compared with 13.08.2019',
               'Every q46 file is dated 2019.', facts={'years': sorted({d[:4] for d in DATES})})


def main():
    selfcheck()
    per_date()
    statistics()
    periods()
    comparisons()
    series()
    controls()
    refusals()
    out = dict(sorted(REFS.items()))
    out['_facts'] = FACTS
    out['_per_date'] = PER
    out['_meta'] = {'gdal': gdal.__version__, 'numpy': np.__version__, 'seconds': round(time.time() - T0, 1)}
    with open(OUT, 'w') as f:
        json.dump(out, f, indent=1)
    print(f'wrote {OUT} ({len(REFS)} references) in {time.time() - T0:.0f}s')


if __name__ == '__main__':
    sys.exit(main())
