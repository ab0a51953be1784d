// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title PorticoCollectible
/// @notice A small ERC-721 for the Portico sandbox. The deployer mints; holders transfer. Whether a
///         collection is spam is the data API's judgement (its table), not the contract's.
contract PorticoCollectible {
    string public name;
    string public symbol;
    address public immutable owner;
    uint256 public totalSupply;

    mapping(uint256 tokenId => address) public ownerOf;
    mapping(address holder => uint256) public balanceOf;
    mapping(uint256 tokenId => address) public getApproved;
    mapping(address holder => mapping(address operator => bool)) public isApprovedForAll;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed holder, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed holder, address indexed operator, bool approved);

    error NotOwner();
    error NotAuthorized();
    error ZeroAddress();
    error NoToken(uint256 tokenId);
    error WrongFrom(address from, uint256 tokenId);
    error UnsafeRecipient(address to);

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
        owner = msg.sender;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 || interfaceId == 0x80ac58cd || interfaceId == 0x5b5e139f;
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        if (ownerOf[tokenId] == address(0)) revert NoToken(tokenId);
        return string.concat("portico-sandbox:", symbol, "/", _toString(tokenId));
    }

    /// @notice Mints the next token id (1, 2, ...) to every address of `to`, one each.
    function mint(address[] calldata to) external returns (uint256 firstId) {
        if (msg.sender != owner) revert NotOwner();
        firstId = totalSupply + 1;
        for (uint256 i = 0; i < to.length; i++) {
            if (to[i] == address(0)) revert ZeroAddress();
            uint256 id = firstId + i;
            ownerOf[id] = to[i];
            balanceOf[to[i]] += 1;
            emit Transfer(address(0), to[i], id);
        }
        totalSupply += to.length;
    }

    function approve(address approved, uint256 tokenId) external {
        address holder = ownerOf[tokenId];
        if (msg.sender != holder && !isApprovedForAll[holder][msg.sender]) revert NotAuthorized();
        getApproved[tokenId] = approved;
        emit Approval(holder, approved, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        if (ownerOf[tokenId] != from) revert WrongFrom(from, tokenId);
        if (to == address(0)) revert ZeroAddress();
        if (msg.sender != from && getApproved[tokenId] != msg.sender && !isApprovedForAll[from][msg.sender]) revert NotAuthorized();
        delete getApproved[tokenId];
        unchecked {
            balanceOf[from] -= 1;
        }
        balanceOf[to] += 1;
        ownerOf[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        if (to.code.length > 0) {
            bytes4 answer = IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data);
            if (answer != IERC721Receiver.onERC721Received.selector) revert UnsafeRecipient(to);
        }
    }

    function _toString(uint256 value) private pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 v = value; v != 0; v /= 10) digits++;
        bytes memory out = new bytes(digits);
        for (; value != 0; value /= 10) out[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(out);
    }
}

interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data) external returns (bytes4);
}
