// Session 48: session 47's open_rows_gram_native.cpp with the weighted
// bound of XC's chain (WEIGHTED = 1): 2 u / (1 - d u) sqrt(Wx Wc), W =
// sum (d - i + 1) x_i^2, in place of 2 gamma_d sqrt(nx nc), as the
// certified Gram kernel past 1024 features bounds it (its norms native).
//   g++ -O3 -o open_rows_w open_rows_gram_weighted.cpp
//   ./open_rows_w K D ROWS NATIVE_NORMS WEIGHTED   (e.g. 8192 8192 48 1 1)
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>
#include <algorithm>
int main(int argc, char **argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s K D ROWS [NATIVE_NORMS [WEIGHTED]]\n", argv[0]);
    return 2;
  }
  int k = atoi(argv[1]), d = atoi(argv[2]), rows = atoi(argv[3]);
  double U = std::ldexp(1.0, -24);
  int sf = 32, mk = 8;
  int mmas = 3 * ((std::min(d, sf) + mk - 1) / mk);
  int slices = (d + sf - 1) / sf;
  double mma = mmas * 12 * 2 + (slices - 1);
  double own = U * 1.001, scale = (1 + own) * (1 + 1.0 / 1024);
  double r = std::min(d, sf) + 6 + (double)slices * slices * U * 1.01;
  double slack = std::max(1.0 / 4096, 2 * (r + 2) * U);
  double gamma = d * U / (1 - d * U);
  double perS = (2 * (mma + 24) + 10) * U * scale, perB = (2 * r + 10) * U * scale;
  double perNorms = (r + 4) * U * scale + (gamma + U * (1 + gamma)) * (1 + slack) * scale;
  double perRoot = 2 * gamma * (1 + slack) * scale;
  double perValue = own * (1 + 1.0 / 1024) + 2 * U;
  bool nativeNorms = argc > 4 && atoi(argv[4]); bool weighted = argc > 5 && atoi(argv[5]); double perNorms0 = (r + 4) * U * scale;
  std::mt19937_64 g(1);
  std::uniform_real_distribution<float> uni(0.f, 1.f);
  std::vector<float> c((size_t)k * d);
  for (auto &v : c) v = uni(g);
  std::vector<double> nc(k), wc(k);
  for (int j = 0; j < k; ++j) { double s = 0; for (int i = 0; i < d; ++i) s += (double)c[(size_t)j*d+i]*c[(size_t)j*d+i]; nc[j] = s; double w = 0; for (int i = 0; i < d; ++i) w += (double)(d - i + 1)*c[(size_t)j*d+i]*c[(size_t)j*d+i]; wc[j] = w; }
  double mu = 0; for (int i = 0; i < std::min(32, d); ++i) mu += c[i]; mu = (float)(mu / std::min(32, d));
  int hist[8] = {0};  // 1, 2-3, 4-7, 8-15, 16-31, 32-63, >=64
  std::vector<double> v(k), e(k);
  std::vector<float> x(d);
  double meanE = 0; long total = 0;
  for (int row = 0; row < rows; ++row) {
    for (auto &t : x) t = uni(g);
    double nx = 0, ny = 0, wx = 0; for (int i = 0; i < d; ++i) { nx += (double)x[i]*x[i]; ny += (x[i]-mu)*(x[i]-mu); wx += (double)(d - i + 1) * x[i]*x[i]; }
    double H = 1e300;
    for (int j = 0; j < k; ++j) {
      const float *cj = &c[(size_t)j*d]; double dot = 0;
      for (int i = 0; i < d; ++i) dot += (double)x[i] * cj[i];
      double val = std::max(nx + nc[j] - 2 * dot, 0.0);
      double s = 1 + slack;
      double ee = perS * std::sqrt(ny*s) * std::sqrt(nc[j]*s) + perB * std::fabs(mu) * std::sqrt((double)d) * std::sqrt(nc[j]*s)
        + (weighted ? 2 * U / (1 - d * U) * 1.01 * std::sqrt(wx) * std::sqrt(wc[j]) : perRoot * std::sqrt(nx*s) * std::sqrt(nc[j]*s)) + (nativeNorms ? perNorms0 : perNorms) * (nx + nc[j]) + perValue * val;
      v[j] = val; e[j] = ee; meanE += ee; H = std::min(H, val + ee);
    }
    int open = 0; for (int j = 0; j < k; ++j) open += v[j] - e[j] <= H;
    total += open;
    int b = open == 1 ? 0 : open < 4 ? 1 : open < 8 ? 2 : open < 16 ? 3 : open < 32 ? 4 : open < 64 ? 5 : 6;
    hist[b]++;
  }
  printf("k=%d d=%d rows=%d meanE=%.3g meanOpen=%.2f | 1:%d 2-3:%d 4-7:%d 8-15:%d 16-31:%d 32-63:%d >=64:%d\n", k, d, rows, meanE/rows/k, (double)total/rows,
    hist[0], hist[1], hist[2], hist[3], hist[4], hist[5], hist[6]);
}
