#include "models/ftl/multi_reference/extent_tree.h"

#include <algorithm>
#include <iterator>
#include <stdexcept>
#include <string>

namespace ssdtlm::multi_reference {

namespace {
bool starts_before(const Extent& e, Lba key) { return e.logical < key; }
bool key_before(Lba key, const Extent& e) { return key < e.logical; }
}  // namespace

ExtentTree::Iterator& ExtentTree::Iterator::operator++() {
  if (++index_ == leaf_->items.size()) {
    leaf_ = leaf_->next;  // leaves other than a lone root are never empty
    index_ = 0;
  }
  return *this;
}

ExtentTree::Iterator& ExtentTree::Iterator::operator--() {
  if (leaf_ == nullptr) {
    leaf_ = tree_->rightmost();
    index_ = leaf_->items.size();
  } else if (index_ == 0) {
    leaf_ = leaf_->prev;
    index_ = leaf_->items.size();
  }
  --index_;
  return *this;
}

ExtentTree::ExtentTree(std::size_t fanout) : fanout_(fanout), root_(new Leaf) {
  if (fanout < 3) throw std::invalid_argument("ExtentTree: fanout must be >= 3, got " + std::to_string(fanout));
}

ExtentTree::~ExtentTree() { destroy(root_); }

void ExtentTree::destroy(Node* node) {
  if (node->leaf) {
    delete static_cast<Leaf*>(node);
    return;
  }
  auto* inner = static_cast<Inner*>(node);
  for (Node* child : inner->children) destroy(child);
  delete inner;
}

ExtentTree::Leaf* ExtentTree::find_leaf(Lba key) const {
  ++descents_;
  Node* node = root_;
  while (!node->leaf) {
    const auto* inner = static_cast<const Inner*>(node);
    const auto i = std::upper_bound(inner->keys.begin(), inner->keys.end(), key) - inner->keys.begin();
    node = inner->children[static_cast<std::size_t>(i)];
  }
  return static_cast<Leaf*>(node);
}

ExtentTree::Leaf* ExtentTree::leftmost() const {
  Node* node = root_;
  while (!node->leaf) node = static_cast<Inner*>(node)->children.front();
  return static_cast<Leaf*>(node);
}

ExtentTree::Leaf* ExtentTree::rightmost() const {
  Node* node = root_;
  while (!node->leaf) node = static_cast<Inner*>(node)->children.back();
  return static_cast<Leaf*>(node);
}

std::size_t ExtentTree::height() const {
  std::size_t h = 1;
  for (Node* node = root_; !node->leaf; node = static_cast<Inner*>(node)->children.front()) ++h;
  return h;
}

ExtentTree::Iterator ExtentTree::begin() const {
  Leaf* leaf = leftmost();
  return leaf->items.empty() ? end() : Iterator(this, leaf, 0);
}

// The leaf that would hold key, then the position `search` finds in it (or the next leaf's
// first extent: every extent of later leaves starts after key).
template <typename Search>
ExtentTree::Iterator ExtentTree::bound(Lba key, Search search) const {
  Leaf* leaf = find_leaf(key);
  const auto i = static_cast<std::size_t>(search(leaf->items.begin(), leaf->items.end()) - leaf->items.begin());
  if (i < leaf->items.size()) return Iterator(this, leaf, i);
  return Iterator(this, leaf->next, 0);
}

ExtentTree::Iterator ExtentTree::lower_bound(Lba key) const {
  return bound(key, [key](auto first, auto last) { return std::lower_bound(first, last, key, starts_before); });
}

ExtentTree::Iterator ExtentTree::upper_bound(Lba key) const {
  return bound(key, [key](auto first, auto last) { return std::upper_bound(first, last, key, key_before); });
}

ExtentTree::Iterator ExtentTree::insert(const Extent& extent) {
  Leaf* leaf = find_leaf(extent.logical);
  auto pos = std::lower_bound(leaf->items.begin(), leaf->items.end(), extent.logical, starts_before);
  if (pos != leaf->items.end() && pos->logical == extent.logical) {
    throw std::logic_error("ExtentTree: duplicate key " + std::to_string(extent.logical));
  }
  leaf->items.insert(pos, extent);
  ++size_;
  if (leaf->items.size() > fanout_) split_leaf(leaf);
  return lower_bound(extent.logical);
}

void ExtentTree::split_leaf(Leaf* leaf) {
  auto* right = new Leaf;
  const std::size_t mid = leaf->items.size() / 2;
  right->items.assign(leaf->items.begin() + static_cast<std::ptrdiff_t>(mid), leaf->items.end());
  leaf->items.resize(mid);
  right->next = leaf->next;
  right->prev = leaf;
  if (leaf->next != nullptr) leaf->next->prev = right;
  leaf->next = right;
  insert_into_parent(leaf, right->items.front().logical, right);
}

void ExtentTree::split_inner(Inner* inner) {
  auto* right = new Inner;
  const std::size_t mid = inner->keys.size() / 2;
  const Lba up = inner->keys[mid];
  right->keys.assign(inner->keys.begin() + static_cast<std::ptrdiff_t>(mid) + 1, inner->keys.end());
  right->children.assign(inner->children.begin() + static_cast<std::ptrdiff_t>(mid) + 1, inner->children.end());
  for (Node* child : right->children) child->parent = right;
  inner->keys.resize(mid);
  inner->children.resize(mid + 1);
  insert_into_parent(inner, up, right);
}

void ExtentTree::insert_into_parent(Node* left, Lba key, Node* right) {
  if (left->parent == nullptr) {
    auto* root = new Inner;
    root->keys.push_back(key);
    root->children = {left, right};
    left->parent = root;
    right->parent = root;
    root_ = root;
    return;
  }
  Inner* parent = left->parent;
  const auto i = static_cast<std::size_t>(
      std::find(parent->children.begin(), parent->children.end(), left) - parent->children.begin());
  parent->keys.insert(parent->keys.begin() + static_cast<std::ptrdiff_t>(i), key);
  parent->children.insert(parent->children.begin() + static_cast<std::ptrdiff_t>(i) + 1, right);
  right->parent = parent;
  if (parent->keys.size() > fanout_) split_inner(parent);
}

ExtentTree::Iterator ExtentTree::erase(Iterator it) {
  Leaf* leaf = it.leaf_;
  leaf->items.erase(leaf->items.begin() + static_cast<std::ptrdiff_t>(it.index_));
  --size_;
  if (it.index_ < leaf->items.size()) return Iterator(this, leaf, it.index_);
  Leaf* next = leaf->next;
  if (leaf->items.empty() && leaf != root_) {
    if (leaf->prev != nullptr) leaf->prev->next = leaf->next;
    if (leaf->next != nullptr) leaf->next->prev = leaf->prev;
    remove_child(leaf->parent, leaf);
    delete leaf;
    collapse_root();
  }
  return Iterator(this, next, 0);
}

void ExtentTree::remove_child(Inner* parent, Node* child) {
  const auto i = static_cast<std::size_t>(
      std::find(parent->children.begin(), parent->children.end(), child) - parent->children.begin());
  parent->children.erase(parent->children.begin() + static_cast<std::ptrdiff_t>(i));
  // Child i spanned [keys[i-1], keys[i]); dropping keys[i-1] lets child i-1 take over its
  // span (child 0 has no lower separator, so keys[0] goes and child 1 takes over from -inf).
  if (!parent->keys.empty()) parent->keys.erase(parent->keys.begin() + static_cast<std::ptrdiff_t>(i > 0 ? i - 1 : 0));
  if (parent->children.empty() && parent != root_) {
    remove_child(parent->parent, parent);
    delete parent;
  }
}

void ExtentTree::collapse_root() {
  while (!root_->leaf) {
    auto* inner = static_cast<Inner*>(root_);
    if (inner->children.size() > 1) return;
    if (inner->children.empty()) {
      root_ = new Leaf;
    } else {
      root_ = inner->children.front();
      root_->parent = nullptr;
    }
    delete inner;
  }
}

}  // namespace ssdtlm::multi_reference
